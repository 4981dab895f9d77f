/**
 * The venue's link (public: the token is the credential, 256 random bits, stored only as its hash) and the
 * operators' answers for a venue (guarded with the rest of /api/admin/*).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminAssignmentSchema } from "../../../shared/admin/assignments.ts";
import { adminId } from "../../../shared/admin/common.ts";
import { overrideReasonSchema } from "../../../shared/admin/rulebook.ts";
import {
  venueBookingViewSchema,
  venueConfirmSchema,
  venueDeclineSchema,
  venueProposeSchema,
  venueTokenParams,
} from "../../../shared/venue-bookings.ts";
import type { Deps } from "../../deps.ts";
import { actorOf } from "../audit/record.ts";
import { answerProposal, recordByOperator } from "./admin.ts";
import { answerByLink, showRequest } from "./answers.ts";

/** Answers per address per rate-limit window: plenty for a venue's front desk, not for guessing. */
const ANSWERS_PER_IP = 60;

const assignmentParams = z.object({ assignmentId: adminId });
const proposalSchema = z
  .object({
    accept: z.boolean({ error: "Please say whether the proposed time is accepted" }),
    overrideReason: overrideReasonSchema.optional(),
  })
  .strict();

export function venueBookingRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = (ip: string) =>
    deps.limiter.hit(`venue-booking-ip:${ip}`, ANSWERS_PER_IP, deps.config.rateLimits.windowMinutes);

  r.get(
    "/api/venue-bookings/:token",
    {
      schema: {
        summary: "A booking request, as the venue's link shows it",
        params: venueTokenParams,
        response: { 200: venueBookingViewSchema },
        errors: [410, 429],
      },
    },
    async (req, reply) => {
      await limit(req.ip);
      reply.header("cache-control", "no-store");
      return showRequest(deps, req.params.token);
    },
  );
  r.post(
    "/api/venue-bookings/:token/confirm",
    {
      schema: {
        summary: "The venue confirms the booking (optionally with its own reference)",
        params: venueTokenParams,
        body: venueConfirmSchema.nullish(),
        response: { 200: venueBookingViewSchema },
        errors: [409, 410, 429],
      },
    },
    async (req) => {
      await limit(req.ip);
      return answerByLink(deps, req.params.token, {
        kind: "confirm",
        reference: req.body?.reference ?? null,
      });
    },
  );
  r.post(
    "/api/venue-bookings/:token/decline",
    {
      schema: {
        summary: "The venue declines the booking, with a reason",
        params: venueTokenParams,
        body: venueDeclineSchema,
        response: { 200: venueBookingViewSchema },
        errors: [409, 410, 429],
      },
    },
    async (req) => {
      await limit(req.ip);
      return answerByLink(deps, req.params.token, { kind: "decline", reason: req.body.reason });
    },
  );
  r.post(
    "/api/venue-bookings/:token/propose",
    {
      schema: {
        summary: "The venue proposes another time (an operator accepts or refuses it)",
        params: venueTokenParams,
        body: venueProposeSchema,
        response: { 200: venueBookingViewSchema },
        errors: [409, 410, 429],
      },
    },
    async (req) => {
      await limit(req.ip);
      return answerByLink(deps, req.params.token, {
        kind: "propose",
        time: new Date(req.body.time),
        note: req.body.note ?? null,
      });
    },
  );

  r.post(
    "/api/admin/assignments/:assignmentId/venue-booking/confirm",
    {
      schema: {
        summary: "Record the venue's confirmation taken by phone, with its reference",
        params: assignmentParams,
        body: venueConfirmSchema.nullish(),
        response: { 200: adminAssignmentSchema },
        errors: [409, 410],
      },
    },
    async (req) =>
      recordByOperator(
        deps,
        req.params.assignmentId,
        { kind: "confirm", reference: req.body?.reference ?? null },
        req.user!.id,
        actorOf(req.user!),
      ),
  );
  r.post(
    "/api/admin/assignments/:assignmentId/venue-booking/decline",
    {
      schema: {
        summary: "Record the venue's decline taken by phone (the date is then re-planned)",
        params: assignmentParams,
        body: venueDeclineSchema,
        response: { 200: adminAssignmentSchema },
        errors: [409, 410],
      },
    },
    async (req) =>
      recordByOperator(
        deps,
        req.params.assignmentId,
        { kind: "decline", reason: req.body.reason },
        req.user!.id,
        actorOf(req.user!),
      ),
  );
  r.post(
    "/api/admin/assignments/:assignmentId/venue-booking/proposal",
    {
      schema: {
        summary: "Accept the venue's proposed time (the date moves there) or refuse it (re-planned)",
        params: assignmentParams,
        body: proposalSchema,
        response: { 200: adminAssignmentSchema },
        errors: [409, 422],
      },
    },
    async (req) =>
      answerProposal(
        deps,
        req.params.assignmentId,
        req.body.accept,
        req.user!.id,
        req.body.overrideReason ?? null,
        actorOf(req.user!),
      ),
  );
}
