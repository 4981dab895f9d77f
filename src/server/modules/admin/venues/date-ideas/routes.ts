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
import { createDateIdea, deleteDateIdea, listDateIdeas, updateDateIdea } from "./service.ts";

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
    async (req, reply) => reply.code(201).send(await createDateIdea(deps, req.body)),
  );
  r.put(
    "/api/admin/date-ideas/:id",
    {
      schema: {
        summary: "Save a date idea",
        params,
        body: dateIdeaUpdateSchema,
        response: { 200: adminDateIdeaSchema },
      },
    },
    async (req) => updateDateIdea(deps, req.params.id, req.body),
  );
  r.delete(
    "/api/admin/date-ideas/:id",
    {
      schema: {
        summary: "Delete a date idea",
        params,
        response: { 204: noContentResponse("Deleted") },
        errors: [409],
      },
    },
    async (req, reply) => {
      await deleteDateIdea(deps, req.params.id);
      return reply.code(204).send();
    },
  );
}
