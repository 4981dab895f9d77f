import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/** A file a service made for the route to send as a download: its body, file name and content type. */
export interface Download {
  body: Buffer | Readable;
  filename: string;
  contentType: string;
}

/** Sends a download as an attachment, never cached (a route's one line for every export). */
export function sendDownload(reply: FastifyReply, file: Download): FastifyReply {
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", `attachment; filename="${file.filename}"`)
    .header("cache-control", "no-store")
    .send(file.body);
}
