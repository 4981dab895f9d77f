import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminId, TOTAL_COUNT_HEADER } from "../../../../shared/admin/common.ts";
import {
  SYNC_MSG,
  syncApplyQuerySchema,
  syncUploadQuerySchema,
  VENUE_SYNC,
  venueCreateSchema,
  venueListQuerySchema,
  venueUpdateSchema,
} from "../../../../shared/admin/venues.ts";
import type { Deps } from "../../../deps.ts";
import { HttpError } from "../../../http-error.ts";
import { sendWorkbook, XLSX_TYPE } from "../spreadsheet.ts";
import { adminDateIdeaRoutes } from "./date-ideas/routes.ts";
import { createVenue, deleteVenue, listVenues, searchVenues, updateVenue } from "./service.ts";
import { readmeSheet, TEMPLATE_EXAMPLE, venueSheet } from "./spreadsheet-columns.ts";
import { applySync, previewSync } from "./sync/service.ts";

const params = z.object({ id: adminId });
/** POST /api/admin/venues/export takes an empty body (spec section 7); JSON null or {} are fine too. */
const emptyBody = z.union([z.object({}), z.null()]).nullish();

/** Content types a sync upload may carry; the body is the file itself. */
const UPLOAD_TYPES = ["application/octet-stream", "text/csv", "application/vnd.ms-excel", XLSX_TYPE];

/** Back-office routes of this slice (issue #5). Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminVenuesRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/admin/venues", { schema: { querystring: venueListQuerySchema } }, async (req, reply) => {
    const q = req.query;
    // No paging parameters: the full array, as the spec's list call answers.
    if (q.search === undefined && q.limit === undefined && q.offset === undefined) return listVenues(deps);
    const { rows, total } = await searchVenues(deps, q);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });
  r.post("/api/admin/venues", { schema: { body: venueCreateSchema } }, async (req, reply) =>
    reply.code(201).send(await createVenue(deps, req.body)),
  );
  r.put("/api/admin/venues/:id", { schema: { params, body: venueUpdateSchema } }, async (req) =>
    updateVenue(deps, req.params.id, req.body),
  );
  r.delete("/api/admin/venues/:id", { schema: { params } }, async (req, reply) => {
    await deleteVenue(deps, req.params.id);
    return reply.code(204).send();
  });
  r.get("/api/admin/venues/template", async (_req, reply) =>
    sendWorkbook(reply, "venues-template", deps.now(), [venueSheet([TEMPLATE_EXAMPLE]), readmeSheet()]),
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
    upload
      .withTypeProvider<ZodTypeProvider>()
      .post("/api/admin/venues/export", { schema: { body: emptyBody } }, async (_req, reply) =>
        sendWorkbook(reply, "venues-export", deps.now(), [venueSheet(await listVenues(deps)), readmeSheet()]),
      );
    // A sync upload is the file itself, up to the sync's own limit.
    upload.addContentTypeParser(
      UPLOAD_TYPES,
      { parseAs: "buffer", bodyLimit: VENUE_SYNC.maxBytes },
      (_req, body, done) => done(null, body),
    );
    const u = upload.withTypeProvider<ZodTypeProvider>();
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
    u.post(
      "/api/admin/venues/sync/preview",
      { onRequest: tooLarge, errorHandler, schema: { querystring: syncUploadQuerySchema } },
      async (req) => previewSync(deps, fileOf(req), req.query.filename, req.query.removeMissing),
    );
    u.post(
      "/api/admin/venues/sync/apply",
      { onRequest: tooLarge, errorHandler, schema: { querystring: syncApplyQuerySchema } },
      async (req) => {
        try {
          return await applySync(
            deps,
            fileOf(req),
            req.query.filename,
            req.query.planId,
            req.query.removeMissing,
            req.log,
          );
        } catch (err) {
          if (err instanceof HttpError && err.statusCode >= 500)
            req.log.error({ err: err.cause ?? err }, "venue sync failed");
          throw err;
        }
      },
    );
  });
}
