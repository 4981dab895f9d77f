/**
 * Edits that never overwrite each other, in the venues tab's dialogs and the clue editor (decision 0070): the
 * record is read through its own GET when its dialog opens (keeping its ETag), every save sends it as
 * If-Match, and a 412 keeps the dialog open with the operator's input and says who changed the record, with a
 * Reload button that reads it again (only then is the input replaced). Each dialog shows the record's history.
 */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { ChevronRight, RefreshCw } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { AuditEntity } from "../../../../shared/admin/audit.ts";
import { auditApi } from "../../../../shared/contract/audit.ts";
import {
  type AnswerOf,
  type InputOf,
  urlOf,
  type VersionedSpec,
} from "../../../../shared/contract/endpoint.ts";
import { invalidate, readTagged } from "../../../lib/api.ts";
import { errorMessage, isStaleEdit } from "../../../lib/queryClient.ts";
import { Button } from "../../ui/button.tsx";
import { RecordHistory } from "./record-history.tsx";

/** Every shown history reads again (after a save, or a reload that found another admin's change). */
export function refreshHistory(queryClient: QueryClient): void {
  void invalidate(queryClient, auditApi.list);
}

export interface TaggedRecord<T> {
  /** The record as last read or saved (null until read). */
  record: T | null;
  /** Its ETag: sent as If-Match with the next save. */
  etag: string | null;
  /** True while the record is being read (the form waits: a save must carry its version). */
  loading: boolean;
  /** Why the read failed, if it did. */
  loadError: string | null;
  /** The 412's message ("Changed by ... reload to see their change"), shown beside the form. */
  stale: string | null;
  /** Reads the record again and hands it to `onLoad` (which replaces the form's input). */
  reload: () => Promise<void>;
  /** After a save: its answer and new ETag. Answers true when `error` was a stale edit (412), now shown. */
  saved: (record: T, etag: string | null) => void;
  staleFrom: (error: unknown) => boolean;
}

/** A read with its ETag; `address` names it (a changed address reads again), null reads nothing. */
interface TaggedRead<T> {
  address: string | null;
  read: () => Promise<{ data: T; etag: string | null }>;
}

/**
 * Reads the record (its own declared GET, with `input` naming it) each time `open` turns true and hands it to
 * `onLoad`; a null `input` (a new record) reads nothing.
 */
export function useTaggedEndpoint<E extends VersionedSpec & { readonly method: "GET" }>(
  ep: E,
  input: InputOf<E> | null,
  open: boolean,
  onLoad: (record: AnswerOf<E>) => void,
): TaggedRecord<AnswerOf<E>> {
  return useTagged(
    {
      address: input ? urlOf(ep, input) : null,
      read: () => (input ? readTagged(ep, input) : Promise.reject(new Error("nothing to read"))),
    },
    open,
    onLoad,
  );
}

function useTagged<T>(source: TaggedRead<T>, open: boolean, onLoad: (record: T) => void): TaggedRecord<T> {
  const queryClient = useQueryClient();
  const [record, setRecord] = useState<T | null>(null);
  const [etag, setEtag] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;
  const readRef = useRef(source.read);
  readRef.current = source.read;
  const readNo = useRef(0);
  const url = source.address;

  const reload = useCallback(async () => {
    if (!url) return;
    const no = ++readNo.current;
    setLoading(true);
    setLoadError(null);
    try {
      const answer = await readRef.current();
      if (no !== readNo.current) return;
      setRecord(answer.data);
      setEtag(answer.etag);
      setStale(null);
      onLoadRef.current(answer.data);
      refreshHistory(queryClient);
    } catch (err) {
      if (no === readNo.current) setLoadError(errorMessage(err));
    } finally {
      if (no === readNo.current) setLoading(false);
    }
  }, [url, queryClient]);

  useEffect(() => {
    setStale(null);
    setLoadError(null);
    setRecord(null);
    setEtag(null);
    if (open && url) void reload();
    else readNo.current++;
  }, [open, url, reload]);

  const saved = useCallback(
    (next: T, tag: string | null) => {
      setRecord(next);
      setEtag(tag);
      setStale(null);
      refreshHistory(queryClient);
    },
    [queryClient],
  );
  const staleFrom = useCallback((error: unknown) => {
    if (!isStaleEdit(error)) return false;
    setStale(errorMessage(error));
    return true;
  }, []);
  return { record, etag, loading, loadError, stale, reload, saved, staleFrom };
}

/**
 * The ETag of a record while a confirmation about it is open (`input` set: the record's own declared GET): a
 * Delete sends it as If-Match, so a record another admin changed while the question was on screen is not
 * deleted (412, said in a toast).
 */
export function useRecordTag<E extends VersionedSpec & { readonly method: "GET" }>(
  ep: E,
  input: InputOf<E> | null,
): string | null {
  const url = input ? urlOf(ep, input) : null;
  const inputRef = useRef(input);
  inputRef.current = input;
  const [tag, setTag] = useState<{ url: string; etag: string } | null>(null);
  useEffect(() => {
    const current = inputRef.current;
    if (!url || !current) return;
    let live = true;
    readTagged(ep, current)
      .then((r) => {
        if (live && r.etag) setTag({ url, etag: r.etag });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ep, url]);
  return tag && tag.url === url ? tag.etag : null;
}

/** The 412 beside the form: who changed the record and when, and Reload (which replaces the input). */
export function StaleEditAlert({
  message,
  onReload,
  reloading,
}: {
  message: string;
  onReload: () => void;
  reloading: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // A block body: scrollIntoView may answer a promise, which must not become the effect's cleanup.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, []);
  return (
    <div
      ref={ref}
      role="alert"
      data-testid="stale-edit"
      className="flex flex-col gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="min-w-0 break-words">
        <span className="font-medium">Not saved. </span>
        {message}. Your changes are still in the form; Reload replaces them with the saved version.
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={onReload}
        disabled={reloading}
        className="shrink-0"
      >
        <RefreshCw aria-hidden className="size-4" />
        {reloading ? "Reloading..." : "Reload"}
      </Button>
    </div>
  );
}

/** A record's history, folded away at the foot of its dialog until asked for. */
export function HistorySection({ entity, entityId }: { entity: AuditEntity; entityId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="group mt-4 rounded-lg border border-border text-sm"
      data-testid="history-section"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg px-3 py-2 font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight aria-hidden className="size-4 transition-transform group-open:rotate-90" />
        Who changed what
      </summary>
      {open && (
        <div className="border-t border-border px-3 py-3">
          <RecordHistory entity={entity} entityId={entityId} />
        </div>
      )}
    </details>
  );
}
