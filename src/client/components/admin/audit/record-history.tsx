import { useQuery } from "@tanstack/react-query";
import { AUDIT_ENTITY_LABEL, type AuditEntity, type AuditEntry } from "../../../../shared/admin/audit.ts";
import { isTierId, TIERS } from "../../../../shared/constants.ts";
import { auditApi } from "../../../../shared/contract/audit.ts";
import { queryOf } from "../../../lib/api.ts";
import { formatDateTimeGB } from "../common.tsx";

/** A field's value as a person reads it in the history. */
/** An instant as the server stores it ("2027-05-31T23:00:00.000Z"): shown as London's day and time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** Fields whose values are plans ("platinum" reads "Platinum"). */
const TIER_FIELDS = new Set([
  "tier",
  "applicableTiers",
  "subscriptionTier",
  "pendingTier",
  "fromTier",
  "toTier",
  "chosenTier",
]);

/**
 * A changed field's value in words: instants in London time, plans by name, stored codes ("fixed_amount")
 * as words, and anything else as it was stored.
 */
export function auditValue(v: unknown, field = ""): string {
  if (v === null || v === undefined || v === "") return "(empty)";
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (Array.isArray(v)) return v.length ? v.map((item) => auditValue(item, field)).join(", ") : "(none)";
  if (typeof v === "object") return JSON.stringify(v);
  if (typeof v !== "string") return String(v);
  if (INSTANT.test(v) && !Number.isNaN(Date.parse(v))) return formatDateTimeGB(v);
  if (TIER_FIELDS.has(field) && isTierId(v)) return TIERS[v].name;
  if (/^[a-z]+(_[a-z]+)+$/.test(v)) return fieldLabel(v);
  return v;
}

/** "fixProposal" -> "Fix proposal". */
export function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** "Venue 501", "Offer code SPRING": the record an entry is about (the Audit view lists every record's). */
export function auditRecordLabel(entry: Pick<AuditEntry, "entity" | "entityId">): string {
  const label = AUDIT_ENTITY_LABEL[entry.entity];
  return `${label} ${entry.entityId}`;
}

/**
 * One audit entry: when, who, what, and each changed field before and after. `showRecord` names the record
 * and the action too (the Audit view, where entries of every record are listed together).
 */
export function AuditEntryView({ entry, showRecord = false }: { entry: AuditEntry; showRecord?: boolean }) {
  return (
    <li className="rounded-lg border border-border p-3 text-sm" data-testid="audit-entry">
      {showRecord && (
        <p className="mb-1 flex flex-wrap items-center gap-2 text-xs">
          <span className="rounded-full bg-muted px-2 py-0.5 font-medium ring-1 ring-border ring-inset">
            {auditRecordLabel(entry)}
          </span>
          <span className="text-muted-foreground">{entry.action}</span>
        </p>
      )}
      <p className="font-medium break-words">{entry.summary}</p>
      <p className="text-xs text-muted-foreground">
        {formatDateTimeGB(entry.at)} · {entry.actorName ?? "A deleted account"}
      </p>
      {entry.changes.length > 0 && (
        <dl className="mt-2 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-xs">
          {entry.changes.map((c) => (
            <div key={c.field} className="contents">
              <dt className="text-muted-foreground">{fieldLabel(c.field)}</dt>
              <dd className="min-w-0 break-words">
                <span className="line-through decoration-muted-foreground/60">
                  {auditValue(c.before, c.field)}
                </span>
                {" → "}
                <span>{auditValue(c.after, c.field)}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/** A record's history, newest first (in its dialog): who changed what and when. */
export function RecordHistory({ entity, entityId }: { entity: AuditEntity; entityId: string | number }) {
  const history = useQuery({
    ...queryOf(auditApi.list, { query: { entity, entityId: String(entityId), limit: 50 } }),
    staleTime: 0,
  });
  return (
    <section aria-label={`${AUDIT_ENTITY_LABEL[entity]} history`} className="space-y-2">
      <h3 className="text-sm font-semibold">History</h3>
      {history.isPending ? (
        <p className="text-sm text-muted-foreground">Loading history…</p>
      ) : history.isError ? (
        <p className="text-sm text-destructive">The history could not be loaded.</p>
      ) : history.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No changes on record yet.</p>
      ) : (
        <section
          className="max-h-72 overflow-y-auto"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling list must be reachable by keyboard to scroll it
          tabIndex={0}
          aria-label="Changes, newest first"
        >
          <ol className="space-y-2">
            {history.data.map((e) => (
              <AuditEntryView key={e.id} entry={e} />
            ))}
          </ol>
        </section>
      )}
    </section>
  );
}
