/**
 * The engine's best fix of a date that breaks a rule now, as stored on date_reservations.fix_proposal and
 * shown on the assignment (`fixProposal`): the same evening at another venue and idea that fit every rule.
 */
import type { AssignmentFixProposal } from "../../../shared/admin/assignments.ts";

/** The stored jsonb as the API shows it (keys in the schema's order); null for anything else. */
export function toFixProposal(v: unknown): AssignmentFixProposal | null {
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.venueId !== "number" || typeof o.scheduledDate !== "string") return null;
  return {
    venueId: o.venueId,
    dateIdeaId: typeof o.dateIdeaId === "number" ? o.dateIdeaId : null,
    scheduledDate: o.scheduledDate,
    venueName: typeof o.venueName === "string" ? o.venueName : "",
    ideaTitle: typeof o.ideaTitle === "string" ? o.ideaTitle : null,
  };
}
