import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminId, noContentResponse } from "../../../../../shared/admin/common.ts";
import {
  adminDateIdeaSchema,
  dateIdeaCreateSchema,
  dateIdeaUpdateSchema,
} from "../../../../../shared/admin/venues.ts";
import type { Deps } from "../../../../deps.ts";
import { ifMatchOf } from "../../../audit/etag.ts";
import { actorOf } from "../../../audit/record.ts";
import { sendDateIdea } from "../version.ts";
import { createDateIdea, deleteDateIdea, getDateIdea, listDateIdeas, updateDateIdea } from "./service.ts";

const params = z.object({ id: adminId });

/** Date ideas, managed in the second section of the venues tab (ARCHITECTURE.md). */
export function adminDateIdeaRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/admin/date-ideas",
    { schema: { summary: "Every date idea, newest first", response: { 200: z.array(adminDateIdeaSchema) } } },
    async () => listDateIdeas(deps),
  );
  r.post(
    "/api/admin/date-ideas",
    {
      schema: {
        summary: "Add a date idea",
        body: dateIdeaCreateSchema,
        response: { 201: adminDateIdeaSchema },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(sendDateIdea(reply, await createDateIdea(deps, req.body, { actor: actorOf(req.user!) }))),
  );
  r.get(
    "/api/admin/date-ideas/:id",
    {
      schema: {
        summary: "One date idea (its ETag guards a save)",
        params,
        response: { 200: adminDateIdeaSchema },
      },
    },
    async (req, reply) => sendDateIdea(reply, await getDateIdea(deps, req.params.id)),
  );
  r.put(
    "/api/admin/date-ideas/:id",
    {
      schema: {
        summary: "Save a date idea (If-Match: refused when another admin saved it since)",
        params,
        body: dateIdeaUpdateSchema,
        response: { 200: adminDateIdeaSchema },
        errors: [412],
      },
    },
    async (req, reply) =>
      sendDateIdea(
        reply,
        await updateDateIdea(deps, req.params.id, req.body, {
          actor: actorOf(req.user!),
          ifMatch: ifMatchOf(req),
        }),
      ),
  );
  r.delete(
    "/api/admin/date-ideas/:id",
    {
      schema: {
        summary: "Delete a date idea (If-Match: refused when another admin saved it since)",
        params,
        response: { 204: noContentResponse("Deleted") },
        errors: [409, 412],
      },
    },
    async (req, reply) => {
      await deleteDateIdea(deps, req.params.id, { actor: actorOf(req.user!), ifMatch: ifMatchOf(req) });
      return reply.code(204).send();
    },
  );
}
