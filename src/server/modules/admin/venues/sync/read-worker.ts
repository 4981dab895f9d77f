/**
 * The body of the thread that reads uploads (see read-in-worker.ts), one at a time: the bytes arrive
 * transferred, the sheet's rows go back, or the answer a refused file gets. Nothing here touches the database.
 */
import { parentPort } from "node:worker_threads";
import { HttpError } from "../../../../http-error.ts";
import { readUpload } from "./read-file.ts";
import { sheetRows } from "./rows.ts";

export interface ReadRequest {
  bytes: ArrayBuffer;
  byteOffset: number;
  byteLength: number;
  fileName?: string;
}

export type ReadAnswer =
  | { ok: true; sheet: ReturnType<typeof sheetRows> }
  | { ok: false; status: number; message: string };

parentPort?.on("message", async (req: ReadRequest) => {
  let answer: ReadAnswer;
  try {
    const buf = Buffer.from(req.bytes, req.byteOffset, req.byteLength);
    answer = { ok: true, sheet: sheetRows(await readUpload(buf, req.fileName)) };
  } catch (err) {
    // A refusal keeps its status and words; anything else is the caller's to word (no stack crosses over).
    answer =
      err instanceof HttpError
        ? { ok: false, status: err.statusCode, message: err.message }
        : { ok: false, status: 0, message: String((err as Error)?.message ?? err).slice(0, 200) };
  }
  parentPort?.postMessage(answer);
});
