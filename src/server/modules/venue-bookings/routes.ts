/**
 * The venue's link (public: the token is the credential, 256 random bits, stored only as its hash) and the
 * operators' answers for a venue (guarded with the rest of /api/admin/*).
 */
import type { FastifyInstance } from "fastify";
import { venueBookingsApi as api } from "../../../shared/contract/venue-bookings.ts";
import type { Deps } from "../../deps.ts";
import { route } from "../../route.ts";
import { actorOf } from "../audit/record.ts";
import { answerProposal, recordByOperator } from "./admin.ts";
import { answerByLink, showRequest } from "./answers.ts";

/** Answers per address per rate-limit window: plenty for a venue's front desk, not for guessing. */
const ANSWERS_PER_IP = 60;

export function venueBookingRoutes(app: FastifyInstance, deps: Deps): void {
  const limit = (ip: string) =>
    deps.limiter.hit(`venue-booking-ip:${ip}`, ANSWERS_PER_IP, deps.config.rateLimits.windowMinutes);

  route(app, api.show, {}, async (req, reply) => {
    await limit(req.ip);
    reply.header("cache-control", "no-store");
    return showRequest(deps, req.params.token);
  });
  route(app, api.confirm, {}, async (req) => {
    await limit(req.ip);
    return answerByLink(deps, req.params.token, {
      kind: "confirm",
      reference: req.body?.reference ?? null,
    });
  });
  route(app, api.decline, {}, async (req) => {
    await limit(req.ip);
    return answerByLink(deps, req.params.token, { kind: "decline", reason: req.body.reason });
  });
  route(app, api.propose, {}, async (req) => {
    await limit(req.ip);
    return answerByLink(deps, req.params.token, {
      kind: "propose",
      time: new Date(req.body.time),
      note: req.body.note ?? null,
    });
  });

  route(app, api.operatorConfirm, {}, async (req) =>
    recordByOperator(
      deps,
      req.params.assignmentId,
      { kind: "confirm", reference: req.body?.reference ?? null },
      req.user!.id,
      actorOf(req.user!),
    ),
  );
  route(app, api.operatorDecline, {}, async (req) =>
    recordByOperator(
      deps,
      req.params.assignmentId,
      { kind: "decline", reason: req.body.reason },
      req.user!.id,
      actorOf(req.user!),
    ),
  );
  route(app, api.proposal, {}, async (req) =>
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
