/**
 * The Venues tab: venues, their spreadsheet (template, export, sync) and date ideas (its second section).
 * Every /api/admin/* path is guarded in plugins/auth-context.ts.
 */
import { z } from "zod";
import { adminId, noContentResponse } from "../admin/back-office.ts";
import { XLSX_TYPE } from "../admin/spreadsheet.ts";
import {
  syncApplyQuerySchema,
  syncUploadQuerySchema,
  venueSyncPreviewSchema,
  venueSyncResultSchema,
} from "../admin/venue-sync.ts";
import {
  adminDateIdeaSchema,
  adminVenueSchema,
  dateIdeaCreateSchema,
  dateIdeaUpdateSchema,
  venueCreateSchema,
  venueListQuerySchema,
  venueUpdateSchema,
} from "../admin/venues.ts";
import { fileResponse } from "../schemas/responses.ts";
import { endpoint } from "./endpoint.ts";

const params = z.object({ id: adminId });
/** POST /api/admin/venues/export takes an empty body (spec section 7); JSON null or {} are fine too. */
const emptyBody = z.union([z.object({}), z.null()]).nullish();

/** The answer of the spreadsheet downloads. */
const workbook = (description: string) => ({ 200: fileResponse(XLSX_TYPE, description) });

export const adminVenuesApi = {
  /** No paging parameters: the full array, as the spec's list call answers; with any, a page and x-total-count. */
  list: endpoint({
    method: "GET",
    path: "/api/admin/venues",
    answerHeaders: ["X-Total-Count"],
    summary: "Venues (all, or one searched page)",
    query: venueListQuerySchema,
    responses: { 200: z.array(adminVenueSchema) },
  }),
  create: endpoint({
    method: "POST",
    path: "/api/admin/venues",
    answerHeaders: ["ETag"],
    summary: "Add a venue",
    body: venueCreateSchema,
    responses: { 201: adminVenueSchema },
  }),
  one: endpoint({
    method: "GET",
    path: "/api/admin/venues/:id",
    answerHeaders: ["ETag"],
    summary: "One venue (its ETag guards a save)",
    params,
    responses: { 200: adminVenueSchema },
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/admin/venues/:id",
    answerHeaders: ["ETag"],
    summary: "Save a venue (If-Match: refused when another admin saved it since)",
    params,
    body: venueUpdateSchema,
    responses: { 200: adminVenueSchema },
    errors: [412],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/admin/venues/:id",
    summary: "Delete a venue (If-Match: refused when another admin saved it since)",
    params,
    responses: { 204: noContentResponse("Deleted") },
    errors: [409, 412],
  }),
  template: endpoint({
    method: "GET",
    path: "/api/admin/venues/template",
    summary: "The venue spreadsheet template",
    responses: workbook("The template (.xlsx)"),
  }),
  /** The body is empty (spec section 7), even when a client labels it JSON. */
  export: endpoint({
    method: "POST",
    path: "/api/admin/venues/export",
    summary: "Every venue as a spreadsheet",
    body: emptyBody,
    responses: workbook("The venues (.xlsx)"),
  }),
  /** The body is the file itself (.xlsx, .xls or .csv), up to the sync's own limit. */
  syncPreview: endpoint({
    method: "POST",
    path: "/api/admin/venues/sync/preview",
    summary: "Preview a venue sync (nothing changes)",
    query: syncUploadQuerySchema,
    responses: { 200: venueSyncPreviewSchema },
    errors: [409, 413, 415, 422],
  }),
  syncApply: endpoint({
    method: "POST",
    path: "/api/admin/venues/sync/apply",
    summary: "Apply a previewed venue sync",
    query: syncApplyQuerySchema,
    responses: { 200: venueSyncResultSchema },
    errors: [409, 413, 415, 422],
  }),

  // Date ideas, managed in the second section of the venues tab.
  dateIdeas: endpoint({
    method: "GET",
    path: "/api/admin/date-ideas",
    summary: "Every date idea, newest first",
    responses: { 200: z.array(adminDateIdeaSchema) },
  }),
  createDateIdea: endpoint({
    method: "POST",
    path: "/api/admin/date-ideas",
    answerHeaders: ["ETag"],
    summary: "Add a date idea",
    body: dateIdeaCreateSchema,
    responses: { 201: adminDateIdeaSchema },
  }),
  dateIdea: endpoint({
    method: "GET",
    path: "/api/admin/date-ideas/:id",
    answerHeaders: ["ETag"],
    summary: "One date idea (its ETag guards a save)",
    params,
    responses: { 200: adminDateIdeaSchema },
  }),
  updateDateIdea: endpoint({
    method: "PUT",
    path: "/api/admin/date-ideas/:id",
    answerHeaders: ["ETag"],
    summary: "Save a date idea (If-Match: refused when another admin saved it since)",
    params,
    body: dateIdeaUpdateSchema,
    responses: { 200: adminDateIdeaSchema },
    errors: [412],
  }),
  removeDateIdea: endpoint({
    method: "DELETE",
    path: "/api/admin/date-ideas/:id",
    summary: "Delete a date idea (If-Match: refused when another admin saved it since)",
    params,
    responses: { 204: noContentResponse("Deleted") },
    errors: [409, 412],
  }),
} as const;
