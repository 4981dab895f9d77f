/**
 * argon2id on threads of our own rather than libuv's pool. Each hash takes its 19 MiB from the C allocator of
 * the thread that runs it, and glibc keeps that memory in the thread's arena once freed: spread over libuv's
 * four threads, a burst of sign-ins left the server about 115 MB larger for good (bench:api's peak memory rose
 * from 360 to 555 MB). Here only as many threads as hashes may run at once ever hash, and libuv's pool stays
 * free for files and DNS. A thread is started on the first hash, kept (not holding the process open while
 * idle), and started again if it dies.
 */
import { Worker } from "node:worker_threads";

export interface Argon2Params {
  message: string;
  nonce: Buffer;
  tagLength: number;
  memory: number;
  passes: number;
  parallelism: number;
}

const WORKER_CODE = `
const { parentPort } = require("node:worker_threads");
const { argon2Sync } = require("node:crypto");
parentPort.on("message", ({ id, params }) => {
  try {
    const key = argon2Sync("argon2id", { ...params, nonce: Buffer.from(params.nonce) });
    parentPort.postMessage({ id, key });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
`;

interface Job {
  resolve: (key: Buffer) => void;
  reject: (err: Error) => void;
}

class HashThread {
  private worker: Worker | null = null;
  private readonly jobs = new Map<number, Job>();
  private nextId = 0;

  get busy(): boolean {
    return this.jobs.size > 0;
  }

  run(params: Argon2Params): Promise<Buffer> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const done = new Promise<Buffer>((resolve, reject) => this.jobs.set(id, { resolve, reject }));
    // A hash in flight keeps the process alive, as libuv's pool did; an idle thread does not.
    worker.ref();
    worker.postMessage({ id, params });
    return done;
  }

  private start(): Worker {
    const worker = new Worker(WORKER_CODE, { eval: true });
    worker.unref();
    worker.on("message", (m: { id: number; key?: Uint8Array; error?: string }) => {
      const job = this.jobs.get(m.id);
      this.jobs.delete(m.id);
      if (this.jobs.size === 0) worker.unref();
      if (!job) return;
      if (m.key) job.resolve(Buffer.from(m.key.buffer, m.key.byteOffset, m.key.byteLength));
      else job.reject(new Error(m.error ?? "argon2 failed"));
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const job of this.jobs.values()) job.reject(err);
      this.jobs.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the hashing thread stopped (${code})`)));
    this.worker = worker;
    return worker;
  }
}

/** At most `size` threads, each running one hash at a time (the caller bounds how many run at once). */
export function hashThreads(size: number) {
  const threads = Array.from({ length: size }, () => new HashThread());
  return (params: Argon2Params): Promise<Buffer> => (threads.find((t) => !t.busy) ?? threads[0]).run(params);
}
