import { useQueryClient } from "@tanstack/react-query";
import {
  Archive,
  ArchiveRestore,
  Download,
  Eye,
  FileSpreadsheet,
  MapPin,
  Pencil,
  Plus,
  Trash2,
} from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { SYNC_MSG } from "../../../../shared/admin/venue-sync.ts";
import { type AdminVenue, VENUE_MSG } from "../../../../shared/admin/venues.ts";
import { adminVenuesApi } from "../../../../shared/contract/admin-venues.ts";
import { callIfMatch } from "../../../lib/api.ts";
import { errorBody, errorMessage, toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlight } from "../../../lib/use-single-flight.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { useRecordTag } from "../audit/stale-edit.tsx";
import { AdminSection, AUTH_FAILED, downloadExport, EmptyState } from "../common.tsx";
import { FilterSelect, ListToolbar, useListFilter } from "../list-toolbar.tsx";
import { type ListColumn, PagedList, useListSearch } from "../paged-list.tsx";
import { label, refreshVenues } from "./api.ts";
import { SyncChanges } from "./sync-changes.tsx";
import { VenueDetailsDialog } from "./venue-details-dialog.tsx";
import { VenueFormDialog } from "./venue-form-dialog.tsx";
import {
  ArchivedBadge,
  DataQuality,
  useVenueList,
  useVenueStatusChange,
  VENUE_STATUS_FILTERS,
  type VenueStatusFilter,
} from "./venue-status.tsx";

const PAGE = 25;

/** Runs a download with the spec's toasts for a failure (section 8). */
function useDownload() {
  const flight = useSingleFlight();
  return (
    ep: typeof adminVenuesApi.template | typeof adminVenuesApi.export,
    base: string,
    failTitle: string,
  ) =>
    flight(() =>
      downloadExport(ep, base).catch((error: unknown) => {
        if (error instanceof Error && error.message === AUTH_FAILED)
          toast({ title: failTitle, description: AUTH_FAILED, variant: "destructive" });
        else toastCallError(failTitle, error);
      }),
    );
}

/** The venues card: spreadsheet buttons, Add Venue, and the table with View, Edit and Delete. */
export function VenuesSection() {
  const queryClient = useQueryClient();
  const listSearch = useListSearch();
  const { search, term, offset, setOffset } = listSearch;
  const [filter, setFilter] = useListFilter<VenueStatusFilter>("all", setOffset);
  const list = useVenueList(filter, term, PAGE, offset);
  const venues = list.query;
  const [viewing, setViewing] = useState<AdminVenue | null>(null);
  const [editing, setEditing] = useState<AdminVenue | undefined>(undefined);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminVenue | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  // The venue Delete refused because it has dates: the confirmation offers to archive it instead.
  const [deleteRefused, setDeleteRefused] = useState(false);
  const changeStatus = useVenueStatusChange();
  const download = useDownload();
  // A deleted venue's row goes with its Delete button: focus then goes to Add Venue, not to the page.
  const addButton = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);
  const deleteFlight = useSingleFlight();
  const deleteTag = useRecordTag(adminVenuesApi.one, deleting ? { params: { id: deleting.id } } : null);

  const page = list.rows;
  // A delete or sync emptied the last page: step back to the page that is now last.
  const lastOffset = Math.max(0, Math.ceil(list.total / PAGE) - 1) * PAGE;
  const pastEnd = !venues.isFetching && page.length === 0 && offset > 0;
  useEffect(() => {
    if (pastEnd) setOffset(lastOffset);
  }, [pastEnd, lastOffset, setOffset]);
  // Nothing stored at all (not merely nothing matching a search or the filter): the spec's empty state.
  const noVenues = filter === "all" && !term && list.total === 0 && offset === 0;
  const closeDelete = () => {
    setDeleting(null);
    setDeleteRefused(false);
  };

  const confirmDelete = (venue: AdminVenue) =>
    deleteFlight(async () => {
      setDeletePending(true);
      try {
        await callIfMatch(adminVenuesApi.remove, { params: { id: venue.id } }, deleteTag);
        toast({ title: VENUE_MSG.deleted, description: venue.name });
        refreshVenues(queryClient);
        deleted.current = true;
        closeDelete();
      } catch (error) {
        if (errorBody(error)?.canArchive === true) {
          setDeleteRefused(true);
          return;
        }
        setDeleting(null);
        // Changed by another admin meanwhile (412): the list shows their change.
        refreshVenues(queryClient);
        if (errorMessage(error).includes("existing date reservations"))
          toast({
            title: VENUE_MSG.deleteFailed,
            description: VENUE_MSG.cannotDelete(venue.name),
            variant: "destructive",
          });
        else toastCallError(VENUE_MSG.deleteFailed, error);
      } finally {
        setDeletePending(false);
      }
    });

  const archiveInstead = (venue: AdminVenue) =>
    deleteFlight(async () => {
      setDeletePending(true);
      try {
        await changeStatus.change(venue, "archived");
        // Under "Active" the row goes with its Delete button: focus goes to Add Venue then.
        if (filter === "active") deleted.current = true;
      } finally {
        setDeletePending(false);
        closeDelete();
      }
    });

  /** View, Edit, Archive or Restore, and Delete: icon buttons in the table, labelled ones on the phone cards. */
  const rowActions = (v: AdminVenue, labelled: boolean) => {
    const button = (text: string, icon: ReactNode, onClick: () => void) => (
      <Button
        variant={labelled ? "outline" : "ghost"}
        size={labelled ? "sm" : "icon"}
        className={labelled ? "w-full px-2" : undefined}
        aria-label={`${text} ${v.name}`}
        onClick={onClick}
      >
        {icon}
        {labelled && text}
      </Button>
    );
    return (
      <>
        {button("View", <Eye aria-hidden />, () => setViewing(v))}
        {button("Edit", <Pencil aria-hidden />, () => {
          setEditing(v);
          setFormOpen(true);
        })}
        {v.status === "archived"
          ? button("Restore", <ArchiveRestore aria-hidden />, () => changeStatus.click(v, "active"))
          : button("Archive", <Archive aria-hidden />, () => changeStatus.click(v, "archived"))}
        {button("Delete", <Trash2 aria-hidden />, () => setDeleting(v))}
      </>
    );
  };

  const columns: ListColumn<AdminVenue>[] = [
    {
      id: "name",
      header: "Name",
      card: "title",
      className: "max-w-72 min-w-40 font-medium break-words",
      cell: (v) =>
        v.status === "archived" ? (
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {v.name}
            <ArchivedBadge venue={v} />
          </span>
        ) : (
          v.name
        ),
      cardCell: (v) => (
        <>
          <p className="font-medium break-words">{v.name}</p>
          <p className="text-sm break-words text-muted-foreground">
            {label(v.type)} · {v.city} · {label(v.priceLevel)}
          </p>
        </>
      ),
    },
    { id: "status", header: "Status", card: "badge", table: false, cell: (v) => <ArchivedBadge venue={v} /> },
    { id: "type", header: "Type", card: "none", cell: (v) => label(v.type) },
    { id: "city", header: "City", card: "none", className: "break-words", cell: (v) => v.city },
    { id: "price", header: "Price Level", card: "none", cell: (v) => label(v.priceLevel) },
    {
      id: "quality",
      header: "Data Quality",
      // On a phone the full card width: the reasons need it.
      card: "body",
      className: "min-w-44",
      cell: (v) => <DataQuality venue={v} />,
      cardCell: (v) => (
        <div className="grid gap-1 text-sm">
          <p className="text-xs text-muted-foreground">Data Quality</p>
          <DataQuality venue={v} />
        </div>
      ),
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      headClassName: "text-right",
      cell: (v) => <div className="flex justify-end gap-1">{rowActions(v, false)}</div>,
      cardCell: (v) => rowActions(v, true),
    },
  ];

  const actions = (
    <>
      <Button
        variant="outline"
        onClick={() => download(adminVenuesApi.template, "venues-template", "Failed to download template")}
      >
        <Download aria-hidden />
        Download Template
      </Button>
      <Button
        variant="outline"
        onClick={() => download(adminVenuesApi.export, "venues-export", "Failed to export venues template")}
      >
        <FileSpreadsheet aria-hidden />
        Export Current
      </Button>
      <SyncChanges />
      <Button
        ref={addButton}
        onClick={() => {
          setEditing(undefined);
          setFormOpen(true);
        }}
      >
        <Plus aria-hidden />
        Add Venue
      </Button>
    </>
  );

  return (
    <AdminSection
      title="Partner Venues"
      description="Keep venues here or in the spreadsheet: download the template, edit it, and sync it back."
      actions={actions}
    >
      {!noVenues && venues.isSuccess && (
        <ListToolbar search={listSearch} label="Search venues" placeholder="Search by name, city or address">
          <FilterSelect
            label="Show venues"
            value={filter}
            onChange={setFilter}
            options={VENUE_STATUS_FILTERS}
            className="sm:w-40"
          />
          <p className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
            {list.total.toLocaleString("en-GB")} {term ? "matching " : ""}
            {filter === "all" ? "" : `${filter} `}
            {list.total === 1 ? "venue" : "venues"}
          </p>
        </ListToolbar>
      )}
      <PagedList
        list={list}
        columns={columns}
        rowKey={(v) => v.id}
        label="Venues"
        testIdPrefix="venue"
        errorTitle="Venues could not be loaded"
        loadingLabel="Loading venues"
        empty={
          noVenues ? (
            <EmptyState icon={<MapPin aria-hidden />} title={VENUE_MSG.empty} />
          ) : (
            <p className="py-6 text-center text-sm text-muted-foreground">
              {filter === "all" ? "No venues" : `No ${filter} venues`}
              {term ? ` match “${search.trim()}”.` : " yet."}
            </p>
          )
        }
        pagerLabel="venues"
        onOffset={setOffset}
        rowClassName={(v) => (v.status === "archived" ? "bg-muted/40" : undefined)}
      />

      <VenueDetailsDialog venue={viewing} onClose={() => setViewing(null)} />
      <VenueFormDialog open={formOpen} onOpenChange={setFormOpen} venue={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && closeDelete()}
        pending={deletePending}
        title={deleteRefused ? `Archive ${deleting?.name ?? ""} instead?` : `Delete ${deleting?.name ?? ""}?`}
        description={
          deleteRefused
            ? "It has dates, so it cannot be deleted. Archiving keeps its dates and history and stops it being offered or planned; Restore brings it back at any time."
            : "The venue leaves the list and the spreadsheet exports. A venue with date reservations cannot be deleted: archive it instead."
        }
        extra={
          deleting &&
          !deleteRefused &&
          deleting.dateIdeaCount > 0 && (
            <p
              role="alert"
              className="rounded-lg border border-destructive-text/30 bg-destructive/5 px-3.5 py-2.5 text-sm text-destructive-text"
            >
              {SYNC_MSG.dateIdeasUnlinked(deleting.dateIdeaCount)} (they stay, with no particular venue).
            </p>
          )
        }
        confirmLabel={deleteRefused ? "Archive instead" : "Delete"}
        pendingLabel={deleteRefused ? "Archiving..." : "Deleting..."}
        onConfirm={() => deleting && (deleteRefused ? archiveInstead(deleting) : confirmDelete(deleting))}
        onCloseAutoFocus={(e) => {
          if (!deleted.current) return;
          deleted.current = false;
          e.preventDefault();
          addButton.current?.focus();
        }}
      />
    </AdminSection>
  );
}
