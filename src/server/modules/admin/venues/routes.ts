import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { TOTAL_COUNT_HEADER } from "../../../../shared/admin/back-office.ts";
import { SYNC_MSG, VENUE_SYNC } from "../../../../shared/admin/venue-sync.ts";
import { adminVenuesApi as api } from "../../../../shared/contract/admin-venues.ts";
import type { Deps } from "../../../deps.ts";
import { sendDownload } from "../../../http-download.ts";
import { HttpError } from "../../../http-error.ts";
import { route } from "../../../route.ts";
import { guardedChangeOf } from "../../audit/etag.ts";
import { actorOf } from "../../audit/record.ts";
import { workbookDownload, XLSX_TYPE } from "../spreadsheet.ts";
import { adminDateIdeaRoutes } from "./date-ideas/routes.ts";
import { createVenue, deleteVenue, getVenue, listVenues, searchVenues, updateVenue } from "./service.ts";
import { readmeSheet, TEMPLATE_EXAMPLE, venueSheet } from "./spreadsheet-columns.ts";
import { applySync, previewSync } from "./sync/service.ts";
import { sendVenue } from "./version.ts";

/** Content types a sync upload may carry; the body is the file itself. */
const UPLOAD_TYPES = ["application/octet-stream", "text/csv", "application/vnd.ms-excel", XLSX_TYPE];

/** Back-office routes of this slice. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminVenuesRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.list, {}, async (req, reply) => {
    const q = req.query;
    // No paging parameters: the full array, as the spec's list call answers.
    if (q.search === undefined && q.limit === undefined && q.offset === undefined && q.status === undefined)
      return listVenues(deps);
    const { rows, total } = await searchVenues(deps, q);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });
  route(app, api.create, {}, async (req, reply) =>
    reply.code(201).send(sendVenue(reply, await createVenue(deps, req.body, { actor: actorOf(req.user!) }))),
  );
  route(app, api.one, {}, async (req, reply) => sendVenue(reply, await getVenue(deps, req.params.id)));
  route(app, api.update, {}, async (req, reply) =>
    sendVenue(reply, await updateVenue(deps, req.params.id, req.body, guardedChangeOf(req))),
  );
  route(app, api.remove, {}, async (req, reply) => {
    await deleteVenue(deps, req.params.id, guardedChangeOf(req));
    return reply.code(204).send();
  });
  route(app, api.template, {}, async (_req, reply) =>
    sendDownload(
      reply,
      await workbookDownload("venues-template", deps.now(), [venueSheet([TEMPLATE_EXAMPLE]), readmeSheet()]),
    ),
  );
  adminDateIdeaRoutes(app, deps);
  // Body parsing of its own, inside this plugin only: the export's empty body, and the sync's raw files.
  app.register(async (upload) => {
    // The export's body is empty (spec section 7), even when a client labels it JSON.
    upload.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
      if (String(body).trim() === "") return done(null, null);
      try {
        done(null, JSON.parse(String(body)));
      } catch (err) {
        done(Object.assign(err as Error, { statusCode: 400 }), undefined);
      }
    });
    route(upload, api.export, {}, async (_req, reply) =>
      sendDownload(
        reply,
        await workbookDownload("venues-export", deps.now(), [
          venueSheet(await listVenues(deps)),
          readmeSheet(),
        ]),
      ),
    );
    // A sync upload is the file itself, up to the sync's own limit.
    upload.addContentTypeParser(
      UPLOAD_TYPES,
      { parseAs: "buffer", bodyLimit: VENUE_SYNC.maxBytes },
      (_req, body, done) => done(null, body),
    );
    const tooLarge = async (req: FastifyRequest) => {
      if (Number(req.headers["content-length"] ?? 0) > VENUE_SYNC.maxBytes)
        throw new HttpError(413, SYNC_MSG.tooLarge);
    };
    // A file sent without a Content-Length (chunked) is cut off at the limit by the parser: same answer as
    // above rather than the generic one; any other error goes on to the app's error handler.
    const errorHandler = async (err: FastifyError) => {
      throw err.code === "FST_ERR_CTP_BODY_TOO_LARGE" ? new HttpError(413, SYNC_MSG.tooLarge) : err;
    };
    const fileOf = (req: FastifyRequest) => {
      if (!Buffer.isBuffer(req.body)) throw new HttpError(415, SYNC_MSG.fileType);
      return req.body;
    };
    const sync = { onRequest: tooLarge, errorHandler };
    route(upload, api.syncPreview, sync, async (req) =>
      previewSync(deps, fileOf(req), req.query.filename, req.query.removeMissing),
    );
    route(upload, api.syncApply, sync, async (req) => {
      try {
        return await applySync(
          deps,
          fileOf(req),
          req.query.filename,
          req.query.planId,
          req.query.removeMissing,
          req.log,
          actorOf(req.user!),
        );
      } catch (err) {
        if (err instanceof HttpError && err.statusCode >= 500)
          req.log.error({ err: err.cause ?? err }, "venue sync failed");
        throw err;
      }
    });
  });
}
