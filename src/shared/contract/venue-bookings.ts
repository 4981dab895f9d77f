/**
 * The venue's link (public: the token is the credential, 256 random bits, stored only as its hash) and the
 * operators' answers for a venue (guarded with the rest of /api/admin/*).
 */
import { z } from "zod";
import { adminAssignmentSchema } from "../admin/assignments.ts";
import { adminId } from "../admin/back-office.ts";
import { overrideReasonSchema } from "../admin/rulebook.ts";
import {
  venueBookingViewSchema,
  venueConfirmSchema,
  venueDeclineSchema,
  venueProposeSchema,
  venueTokenParams,
} from "../venue-bookings.ts";
import { endpoint } from "./endpoint.ts";

const assignmentParams = z.object({ assignmentId: adminId });
const proposalSchema = z
  .object({
    accept: z.boolean({ error: "Please say whether the proposed time is accepted" }),
    overrideReason: overrideReasonSchema.optional(),
  })
  .strict();

export const venueBookingsApi = {
  show: endpoint({
    method: "GET",
    path: "/api/venue-bookings/:token",
    summary: "A booking request, as the venue's link shows it",
    params: venueTokenParams,
    responses: { 200: venueBookingViewSchema },
    errors: [410, 429],
  }),
  confirm: endpoint({
    method: "POST",
    path: "/api/venue-bookings/:token/confirm",
    summary: "The venue confirms the booking (optionally with its own reference)",
    params: venueTokenParams,
    body: venueConfirmSchema.nullish(),
    responses: { 200: venueBookingViewSchema },
    errors: [409, 410, 429],
  }),
  decline: endpoint({
    method: "POST",
    path: "/api/venue-bookings/:token/decline",
    summary: "The venue declines the booking, with a reason",
    params: venueTokenParams,
    body: venueDeclineSchema,
    responses: { 200: venueBookingViewSchema },
    errors: [409, 410, 429],
  }),
  propose: endpoint({
    method: "POST",
    path: "/api/venue-bookings/:token/propose",
    summary: "The venue proposes another time (an operator accepts or refuses it)",
    params: venueTokenParams,
    body: venueProposeSchema,
    responses: { 200: venueBookingViewSchema },
    errors: [409, 410, 429],
  }),

  // The operators' answers, taken by phone, for a venue.
  operatorConfirm: endpoint({
    method: "POST",
    path: "/api/admin/assignments/:assignmentId/venue-booking/confirm",
    summary: "Record the venue's confirmation taken by phone, with its reference",
    params: assignmentParams,
    body: venueConfirmSchema.nullish(),
    responses: { 200: adminAssignmentSchema },
    errors: [409, 410],
  }),
  operatorDecline: endpoint({
    method: "POST",
    path: "/api/admin/assignments/:assignmentId/venue-booking/decline",
    summary: "Record the venue's decline taken by phone (the date is then re-planned)",
    params: assignmentParams,
    body: venueDeclineSchema,
    responses: { 200: adminAssignmentSchema },
    errors: [409, 410],
  }),
  proposal: endpoint({
    method: "POST",
    path: "/api/admin/assignments/:assignmentId/venue-booking/proposal",
    summary: "Accept the venue's proposed time (the date moves there) or refuse it (re-planned)",
    params: assignmentParams,
    body: proposalSchema,
    responses: { 200: adminAssignmentSchema },
    errors: [409, 422],
  }),
} as const;
