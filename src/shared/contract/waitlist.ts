/**
 * The waitlist of people outside the area served: anyone may join (a member's entry is linked to the account);
 * the back office reads the counts by postcode area and exports them (every /api/admin/* path is guarded on
 * the server: visitors 401, members 403).
 */
import { fileResponse } from "../schemas/responses.ts";
import { joinWaitlistSchema, waitlistCountsSchema, waitlistJoinedSchema } from "../schemas/waitlist.ts";
import { endpoint } from "./endpoint.ts";

/** The .xlsx media type the server's spreadsheet writer sends. */
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const waitlistApi = {
  join: endpoint({
    method: "POST",
    path: "/api/waitlist",
    summary: "Join the waitlist for an area we do not serve yet",
    body: joinWaitlistSchema,
    // 201 when added; 200 when the address was already waiting for that area.
    responses: { 200: waitlistJoinedSchema, 201: waitlistJoinedSchema },
    // Joins from one address are limited.
    errors: [429],
  }),
  counts: endpoint({
    method: "GET",
    path: "/api/admin/waitlist",
    summary: "People waiting, by postcode area",
    responses: { 200: waitlistCountsSchema },
  }),
  exportFile: endpoint({
    method: "GET",
    path: "/api/admin/waitlist/export",
    summary: "Download the waitlist as a spreadsheet",
    responses: { 200: fileResponse(XLSX_TYPE, "The waitlist by area and every entry (.xlsx)") },
  }),
} as const;
