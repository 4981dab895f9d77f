import { Worker } from "node:worker_threads";
import { SYNC_MSG, VENUE_SYNC } from "../../../../../shared/admin/venue-sync.ts";
import { HttpError } from "../../../../http-error.ts";
import type { ReadAnswer, ReadRequest } from "./read-worker.ts";
import type { sheetRows } from "./rows.ts";

export type Sheet = ReturnType<typeof sheetRows>;

/**
 * The caps of the reading thread. Tests lower them (and put them back) to see a file refused for memory or
 * time without building a file that really needs 256 MB.
 */
export const readWorkerLimits = {
  heapMb: VENUE_SYNC.workerHeapMb as number,
  timeMs: VENUE_SYNC.workerTimeMs as number,
  reset() {
    this.heapMb = VENUE_SYNC.workerHeapMb;
    this.timeMs = VENUE_SYNC.workerTimeMs;
  },
};

const WORKER_URL = new URL("./read-worker.mjs", import.meta.url);

const tooHeavy = (why: string) => new HttpError(413, SYNC_MSG.tooHeavy(why));

/**
 * Starting a thread costs tens of milliseconds (more where TypeScript is compiled on the fly), so one idle
 * thread is kept for the next small upload. A thread that read a big (or refused) file is ended instead, so the memory it
 * took goes back, and an idle one ends after a while (and never keeps the process alive).
 */
const KEEP_BELOW_BYTES = 512 * 1024;
/** A refused file may have unpacked to far more than its size (a zip bomb): its thread is kept only when small
 * (under 64 KB it unpacks to at most the zip guard's cap, which the thread's own GC takes back). */
const KEEP_REFUSED_BELOW_BYTES = 64 * 1024;
const IDLE_MS = 30_000;
let idle: { worker: Worker; heapMb: number; timer: NodeJS.Timeout } | undefined;

function takeWorker(): Worker {
  if (idle && idle.heapMb === readWorkerLimits.heapMb) {
    const { worker, timer } = idle;
    idle = undefined;
    clearTimeout(timer);
    worker.ref();
    return worker;
  }
  if (idle) void idle.worker.terminate();
  idle = undefined;
  return new Worker(WORKER_URL, {
    resourceLimits: {
      maxOldGenerationSizeMb: readWorkerLimits.heapMb,
      maxYoungGenerationSizeMb: Math.max(4, Math.min(32, readWorkerLimits.heapMb / 8)),
    },
    stdout: false,
    stderr: false,
  });
}

function putBack(worker: Worker, heapMb: number) {
  if (idle) {
    void worker.terminate();
    return;
  }
  worker.unref();
  const timer = setTimeout(() => {
    if (idle?.worker === worker) idle = undefined;
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle = { worker, heapMb, timer };
}

/**
 * Reads an upload's first sheet in a worker thread: a zip bomb or a file of 200,000 rows costs that thread
 * its heap or its time, never the server's event loop. The bytes are moved, not copied, when the Buffer owns
 * its memory (the file must not be used after this call). A thread that runs out of memory, out of time or
 * dies is a 413/422 in words, never a 500.
 */
export function readInWorker(file: Buffer, fileName?: string): Promise<Sheet> {
  const owns = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
  const bytes = (
    owns ? file.buffer : file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength)
  ) as ArrayBuffer;
  const request: ReadRequest = { bytes, byteOffset: 0, byteLength: file.byteLength, fileName };
  const heapMb = readWorkerLimits.heapMb;
  const keep = file.byteLength < KEEP_BELOW_BYTES;
  const worker = takeWorker();
  return new Promise<Sheet>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void, reusable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      fn();
      if (reusable && keep) putBack(worker, heapMb);
      else void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(tooHeavy(SYNC_MSG.heavyTime))),
      readWorkerLimits.timeMs,
    );
    const onMessage = (answer: ReadAnswer) =>
      settle(
        () => {
          if (answer.ok) resolve(answer.sheet);
          else if (answer.status >= 400 && answer.status < 500)
            reject(new HttpError(answer.status, answer.message));
          else reject(Object.assign(new HttpError(422, SYNC_MSG.unreadable), { cause: answer.message }));
        },
        answer.ok || file.byteLength < KEEP_REFUSED_BELOW_BYTES,
      );
    const onError = (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          err.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? tooHeavy(SYNC_MSG.heavyMemory)
            : Object.assign(new HttpError(422, SYNC_MSG.unreadable), { cause: err }),
        ),
      );
    const onExit = () => settle(() => reject(new HttpError(422, SYNC_MSG.unreadable)));
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage(request, [bytes]);
  });
}
