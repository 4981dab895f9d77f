import { History } from "lucide-react";
import { useState } from "react";
import { AUDIT_ENTITIES, AUDIT_ENTITY_LABEL, type AuditEntity } from "../../../shared/admin/audit.ts";
import { auditApi } from "../../../shared/contract/audit.ts";
import { AuditEntryView } from "../../components/admin/audit/record-history.tsx";
import {
  AdminSection,
  EmptyState,
  Pager,
  TableSkeleton,
  usePagedEndpoint,
} from "../../components/admin/common.tsx";
import {
  ExportButton,
  FilterSelect,
  ListToolbar,
  useListFilter,
} from "../../components/admin/list-toolbar.tsx";
import { useExportButton } from "../../components/admin/members/export-button.tsx";
import { useListSearch } from "../../components/admin/paged-list.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";

const ALL = "all";
const PAGE = 25;

const ENTITY_OPTIONS = [
  { value: ALL, label: "All records" },
  ...[...AUDIT_ENTITIES]
    .sort((a, b) => AUDIT_ENTITY_LABEL[a].localeCompare(AUDIT_ENTITY_LABEL[b]))
    .map((value) => ({ value, label: AUDIT_ENTITY_LABEL[value] })),
] as const;

/** A day field of the filters ("From", "To"). */
function DayField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = `audit-${label.toLowerCase()}`;
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="shrink-0 text-sm text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="sm:w-40"
      />
    </div>
  );
}

/** Audit: every change on record, searched and filtered, newest first; the same rows export as CSV. */
export default function AuditTab() {
  const list = useListSearch();
  const [entity, setEntity] = useListFilter<AuditEntity | typeof ALL>(ALL, list.setOffset);
  const [from, setFromText] = useState("");
  const [to, setToText] = useState("");
  const onDay = (set: (v: string) => void) => (v: string) => {
    set(v);
    list.setOffset(0);
  };
  const filters = {
    entity: entity === ALL ? undefined : entity,
    from: from || undefined,
    to: to || undefined,
  };
  const page = usePagedEndpoint(auditApi.list, {
    search: list.term,
    limit: PAGE,
    offset: list.offset,
    ...filters,
  });
  const exportAudit = useExportButton(auditApi.export, "audit", "Audit log", {
    extension: "csv",
    input: { query: { search: list.term, ...filters } },
  });
  const filtered = Boolean(list.term || filters.entity || filters.from || filters.to);

  return (
    <AdminSection
      title="Audit log"
      description="Who changed what and when, newest first. Each change lists every field before and after."
      actions={<ExportButton download={exportAudit} label="Export CSV" />}
    >
      <ListToolbar search={list} label="Search changes" placeholder="Search summary, person or record id">
        <FilterSelect label="Record type" value={entity} onChange={setEntity} options={ENTITY_OPTIONS} />
        <DayField label="From" value={from} onChange={onDay(setFromText)} />
        <DayField label="To" value={to} onChange={onDay(setToText)} />
        {filtered && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              list.setSearch("");
              setEntity(ALL);
              setFromText("");
              setToText("");
            }}
          >
            Clear filters
          </Button>
        )}
      </ListToolbar>
      {page.query.isPending ? (
        <TableSkeleton label="Loading the audit log" />
      ) : page.query.isError ? (
        <EmptyState title="The audit log could not be loaded.">
          <Button variant="outline" size="sm" onClick={() => page.query.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : page.rows.length === 0 ? (
        <EmptyState
          icon={<History aria-hidden />}
          title={filtered ? "No changes match" : "No changes on record yet"}
        />
      ) : (
        <>
          <ol className="grid gap-2" aria-label="Changes, newest first" aria-busy={page.query.isFetching}>
            {page.rows.map((e) => (
              <AuditEntryView key={e.id} entry={e} showRecord />
            ))}
          </ol>
          <Pager
            total={page.total}
            limit={page.limit}
            offset={page.offset}
            onOffset={list.setOffset}
            label="changes"
          />
        </>
      )}
    </AdminSection>
  );
}
