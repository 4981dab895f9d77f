import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminId, noContentResponse, TOTAL_COUNT_HEADER } from "../../../../shared/admin/common.ts";
import {
  SYNC_MSG,
  syncApplyQuerySchema,
  syncUploadQuerySchema,
  VENUE_SYNC,
  venueSyncPreviewSchema,
  venueSyncResultSchema,
} from "../../../../shared/admin/venue-sync.ts";
import {
  adminVenueSchema,
  venueCreateSchema,
  venueListQuerySchema,
  venueUpdateSchema,
} from "../../../../shared/admin/venues.ts";
import { fileResponse } from "../../../../shared/schemas/responses.ts";
import type { Deps } from "../../../deps.ts";
import { sendDownload } from "../../../http-download.ts";
import { HttpError } from "../../../http-error.ts";
import { ifMatchOf } from "../../audit/etag.ts";
import { actorOf } from "../../audit/record.ts";
import { workbookDownload, XLSX_TYPE } from "../spreadsheet.ts";
import { adminDateIdeaRoutes } from "./date-ideas/routes.ts";
import { createVenue, deleteVenue, getVenue, listVenues, searchVenues, updateVenue } from "./service.ts";
import { readmeSheet, TEMPLATE_EXAMPLE, venueSheet } from "./spreadsheet-columns.ts";
import { applySync, previewSync } from "./sync/service.ts";
import { sendVenue } from "./version.ts";

const params = z.object({ id: adminId });
/** POST /api/admin/venues/export takes an empty body (spec section 7); JSON null or {} are fine too. */
const emptyBody = z.union([z.object({}), z.null()]).nullish();

/** The answer of the spreadsheet downloads. */
const workbook = (description: string) => ({ 200: fileResponse(XLSX_TYPE, description) });

/** Content types a sync upload may carry; the body is the file itself. */
const UPLOAD_TYPES = ["application/octet-stream", "text/csv", "application/vnd.ms-excel", XLSX_TYPE];

/** Back-office routes of this slice. Every /api/admin/* path is guarded in plugins/auth-context.ts. */
export function adminVenuesRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/admin/venues",
    {
      schema: {
        summary: "Venues (all, or one searched page)",
        querystring: venueListQuerySchema,
        response: { 200: z.array(adminVenueSchema) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      // No paging parameters: the full array, as the spec's list call answers.
      if (q.search === undefined && q.limit === undefined && q.offset === undefined && q.status === undefined)
        return listVenues(deps);
      const { rows, total } = await searchVenues(deps, q);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
    },
  );
  r.post(
    "/api/admin/venues",
    { schema: { summary: "Add a venue", body: venueCreateSchema, response: { 201: adminVenueSchema } } },
    async (req, reply) =>
      reply
        .code(201)
        .send(sendVenue(reply, await createVenue(deps, req.body, { actor: actorOf(req.user!) }))),
  );
  r.get(
    "/api/admin/venues/:id",
    {
      schema: {
        summary: "One venue (its ETag guards a save)",
        params,
        response: { 200: adminVenueSchema },
      },
    },
    async (req, reply) => sendVenue(reply, await getVenue(deps, req.params.id)),
  );
  r.put(
    "/api/admin/venues/:id",
    {
      schema: {
        summary: "Save a venue (If-Match: refused when another admin saved it since)",
        params,
        body: venueUpdateSchema,
        response: { 200: adminVenueSchema },
        errors: [412],
      },
    },
    async (req, reply) =>
      sendVenue(
        reply,
        await updateVenue(deps, req.params.id, req.body, {
          actor: actorOf(req.user!),
          ifMatch: ifMatchOf(req),
        }),
      ),
  );
  r.delete(
    "/api/admin/venues/:id",
    {
      schema: {
        summary: "Delete a venue (If-Match: refused when another admin saved it since)",
        params,
        response: { 204: noContentResponse("Deleted") },
        errors: [409, 412],
      },
    },
    async (req, reply) => {
      await deleteVenue(deps, req.params.id, { actor: actorOf(req.user!), ifMatch: ifMatchOf(req) });
      return reply.code(204).send();
    },
  );
  r.get(
    "/api/admin/venues/template",
    { schema: { summary: "The venue spreadsheet template", response: workbook("The template (.xlsx)") } },
    async (_req, reply) =>
      sendDownload(
        reply,
        await workbookDownload("venues-template", deps.now(), [
          venueSheet([TEMPLATE_EXAMPLE]),
          readmeSheet(),
        ]),
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
    upload.withTypeProvider<ZodTypeProvider>().post(
      "/api/admin/venues/export",
      {
        schema: {
          summary: "Every venue as a spreadsheet",
          body: emptyBody,
          response: workbook("The venues (.xlsx)"),
        },
      },
      async (_req, reply) =>
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
      {
        onRequest: tooLarge,
        errorHandler,
        schema: {
          summary: "Preview a venue sync (nothing changes)",
          querystring: syncUploadQuerySchema,
          response: { 200: venueSyncPreviewSchema },
          errors: [409, 413, 415, 422],
        },
      },
      async (req) => previewSync(deps, fileOf(req), req.query.filename, req.query.removeMissing),
    );
    u.post(
      "/api/admin/venues/sync/apply",
      {
        onRequest: tooLarge,
        errorHandler,
        schema: {
          summary: "Apply a previewed venue sync",
          querystring: syncApplyQuerySchema,
          response: { 200: venueSyncResultSchema },
          errors: [409, 413, 415, 422],
        },
      },
      async (req) => {
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
      },
    );
  });
}
