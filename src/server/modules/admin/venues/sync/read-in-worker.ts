import { Worker } from "node:worker_threads";
import { SYNC_MSG, VENUE_SYNC } from "../../../../../shared/admin/venues.ts";
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
  const worker = new Worker(WORKER_URL, {
    resourceLimits: {
      maxOldGenerationSizeMb: readWorkerLimits.heapMb,
      maxYoungGenerationSizeMb: Math.max(4, Math.min(32, readWorkerLimits.heapMb / 8)),
    },
    stdout: false,
    stderr: false,
  });
  return new Promise<Sheet>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(tooHeavy(SYNC_MSG.heavyTime))),
      readWorkerLimits.timeMs,
    );
    worker.once("message", (answer: ReadAnswer) =>
      settle(() => {
        if (answer.ok) resolve(answer.sheet);
        else if (answer.status >= 400 && answer.status < 500)
          reject(new HttpError(answer.status, answer.message));
        else reject(Object.assign(new HttpError(422, SYNC_MSG.unreadable), { cause: answer.message }));
      }),
    );
    worker.once("error", (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          err.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? tooHeavy(SYNC_MSG.heavyMemory)
            : Object.assign(new HttpError(422, SYNC_MSG.unreadable), { cause: err }),
        ),
      ),
    );
    worker.once("exit", () => settle(() => reject(new HttpError(422, SYNC_MSG.unreadable))));
    worker.postMessage(request, [bytes]);
  });
}
