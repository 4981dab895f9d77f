import { useQueryClient } from "@tanstack/react-query";
import { FileUp, TriangleAlert } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import {
  isMassRemoval,
  SYNC_MSG,
  type SyncVenueRef,
  VENUE_SYNC,
} from "../../../../shared/admin/venue-sync.ts";
import { adminVenuesApi } from "../../../../shared/contract/admin-venues.ts";
import type { AnswerOf } from "../../../../shared/contract/endpoint.ts";
import { errorMessage, errorStatus, toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { Button } from "../../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../ui/dialog.tsx";
import { Progress } from "../../ui/progress.tsx";
import { ScrollRegion } from "../../ui/scroll-region.tsx";
import { refreshVenues, uploadWithProgress } from "./api.ts";

type VenueSyncPreview = AnswerOf<typeof adminVenuesApi.syncPreview>;

interface Upload {
  name: string;
  bytes: ArrayBuffer;
}

type Step = { kind: "closed" } | { kind: "busy"; action: "preview" | "apply" } | { kind: "preview" };

const fmt = (n: number) => n.toLocaleString("en-GB");

function NameList({
  title,
  items,
  total,
  render,
}: {
  title: string;
  items: SyncVenueRef[];
  total: number;
  render: (v: SyncVenueRef) => string;
}) {
  if (total === 0) return null;
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      <ScrollRegion label={title} className="max-h-36 rounded-lg border border-border bg-muted/30 px-3 py-2">
        <ul className="text-sm">
          {items.map((v, i) => (
            <li key={`${v.id ?? ""}-${v.row ?? ""}-${i}`} className="break-words py-0.5">
              {render(v)}
            </li>
          ))}
          {total > items.length && (
            <li className="py-0.5 text-muted-foreground">and {fmt(total - items.length)} more</li>
          )}
        </ul>
      </ScrollRegion>
    </section>
  );
}

function Problems({ problems, total }: { problems: string[]; total: number }) {
  const long = total > VENUE_SYNC.collapseProblemsAbove;
  useEffect(() => {
    if (long) for (const p of problems) console.warn(p);
  }, [long, problems]);
  const list = (
    <ul className="list-disc pl-5">
      {problems.map((p, i) => (
        <li key={i} className="break-words">
          {p}
        </li>
      ))}
    </ul>
  );
  if (total === 0) return null;
  return (
    <section
      className="grid gap-2 rounded-lg border border-destructive-text/30 bg-destructive/5 p-3 text-sm"
      aria-live="polite"
    >
      <h3 className="font-semibold text-destructive-text">
        {long ? SYNC_MSG.manyIssues(total) : `${total} ${total === 1 ? "issue" : "issues"}, left as they are`}
      </h3>
      {long ? (
        <details>
          <summary className="cursor-pointer text-muted-foreground">Show the issues here</summary>
          <ScrollRegion label="The issues" className="mt-2 max-h-40">
            {list}
          </ScrollRegion>
        </details>
      ) : (
        list
      )}
    </section>
  );
}

/**
 * Sync Changes: pick a spreadsheet, see what it would change (nothing changes yet), confirm to apply it in one
 * go. The same bytes are sent for the preview and the apply; the server refuses the apply if anything moved.
 */
export function SyncChanges() {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  // The dialog opens while this button is disabled (the file is being read), so it is named as the way back.
  const opener = useRef<HTMLButtonElement>(null);
  const upload = useRef<Upload | null>(null);
  const [step, setStep] = useState<Step>({ kind: "closed" });
  const [percent, setPercent] = useState(0);
  /** Why the last file was refused, shown beside the button until another file is chosen. */
  const [fileError, setFileError] = useState<string | null>(null);
  const errorId = useId();
  const [preview, setPreview] = useState<VenueSyncPreview | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** "Remove venues that are not in the file": the server plans (and applies) with this choice. */
  const [removeMissing, setRemoveMissing] = useState(true);
  /** The explicit tick a mass removal needs before Confirm is enabled. */
  const [removalConfirmed, setRemovalConfirmed] = useState(false);

  const query = (remove: boolean): { filename: string; removeMissing: "true" | "false" } => ({
    filename: upload.current?.name ?? "",
    removeMissing: remove ? "true" : "false",
  });

  const previewCall = useSingleFlightMutation({
    mutationFn: (remove: boolean) =>
      uploadWithProgress(
        adminVenuesApi.syncPreview,
        { query: query(remove) },
        upload.current!.bytes,
        setPercent,
      ),
    onMutate: () => {
      setPercent(0);
      setStep({ kind: "busy", action: "preview" });
    },
    onSuccess: (data) => {
      setPreview(data);
      setRemoveMissing(data.removeMissing);
      setRemovalConfirmed(false);
      setStep({ kind: "preview" });
    },
    onError: (error) => {
      setStep({ kind: "closed" });
      setFileError(`${SYNC_MSG.processFailed}: ${errorMessage(error)}`);
      toastCallError(SYNC_MSG.processFailed, error);
    },
  });

  const applyCall = useSingleFlightMutation({
    mutationFn: (plan: Pick<VenueSyncPreview, "planId" | "removeMissing">) =>
      uploadWithProgress(
        adminVenuesApi.syncApply,
        { query: { ...query(plan.removeMissing), planId: plan.planId } },
        upload.current!.bytes,
        setPercent,
      ),
    onMutate: () => {
      setPercent(0);
      setNotice(null);
      setStep({ kind: "busy", action: "apply" });
    },
    onSuccess: (r) => {
      refreshVenues(queryClient);
      setStep({ kind: "closed" });
      const kept = r.skipped > 0 ? ` ${fmt(r.skipped)} left as they were.` : "";
      toast({
        title: "Venues synced",
        description: `${fmt(r.created)} added, ${fmt(r.updated)} updated, ${fmt(r.removed)} removed.${kept}`,
      });
    },
    onError: (error) => {
      if (errorStatus(error) === 409 && errorMessage(error) === SYNC_MSG.busy) {
        // Another sync holds the one lock: nothing changed, so the preview stays, says why, and Confirm can be
        // pressed again once that sync is over.
        setNotice(errorMessage(error));
        setStep({ kind: "preview" });
        return;
      }
      if (errorStatus(error) === 409) {
        // Someone changed the venues meanwhile: show what the file would do now.
        setNotice(errorMessage(error));
        refreshVenues(queryClient);
        previewCall.mutate(removeMissing);
        return;
      }
      setStep({ kind: "preview" });
      toastCallError(SYNC_MSG.syncFailed, error);
    },
  });

  async function onFile(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file) return;
    setFileError(null);
    const fail = (description: string) => {
      setFileError(`${SYNC_MSG.readFailed}: ${description}`);
      toast({ title: SYNC_MSG.readFailed, description, variant: "destructive" });
    };
    if (!/\.(xlsx|xls|csv)$/i.test(file.name)) return fail(SYNC_MSG.fileType);
    if (file.size > VENUE_SYNC.maxBytes) return fail(SYNC_MSG.tooLarge);
    if (file.size === 0) return fail(SYNC_MSG.empty);
    try {
      upload.current = { name: file.name, bytes: await file.arrayBuffer() };
    } catch {
      return fail("The file could not be opened. Please choose it again.");
    }
    setNotice(null);
    setPreview(null);
    // Each file starts from the spec's behaviour: venues missing from it are removed.
    previewCall.mutate(true);
  }

  const busy = step.kind === "busy";
  const changes = preview ? preview.counts.new + preview.counts.updated + preview.counts.removed : 0;
  const mass = preview !== null && isMassRemoval(preview.counts.removed, preview.venueCount);
  const missing = preview ? preview.counts.removed + preview.counts.kept : 0;
  const close = () => {
    if (!busy) setStep({ kind: "closed" });
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={VENUE_SYNC.accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="venue-sync-file"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Button
        ref={opener}
        variant="outline"
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-describedby={fileError ? errorId : undefined}
      >
        <FileUp aria-hidden />
        Sync Changes
      </Button>
      {/* A file refused (here or by the server) is said beside the button too, until another file is chosen:
          the toast may close, the reason stays. Focus stays on the button, which it describes. */}
      {fileError && (
        <p
          id={errorId}
          role="alert"
          className="order-last basis-full text-sm text-destructive-text sm:text-right"
        >
          {fileError}
        </p>
      )}
      <Dialog open={step.kind !== "closed"} onOpenChange={(open) => !open && close()}>
        <DialogContent
          className="max-w-2xl"
          hideClose={busy}
          fallbackFocus={() => opener.current}
          onInteractOutside={(e) => busy && e.preventDefault()}
        >
          <DialogHeader>
            <DialogTitle>Sync venues</DialogTitle>
            <DialogDescription className="break-all">
              {upload.current?.name}
              {preview && ` · ${fmt(preview.rows)} ${preview.rows === 1 ? "row" : "rows"}`}
            </DialogDescription>
          </DialogHeader>

          {busy ? (
            <div className="mt-6 grid gap-3" aria-live="polite">
              <p className="text-sm">
                {percent < 100
                  ? `Uploading... ${percent}%`
                  : step.action === "preview"
                    ? "Checking the file against the current venues..."
                    : "Applying the changes..."}
              </p>
              <Progress
                value={percent < 100 ? percent : null}
                aria-label={step.action === "preview" ? "Preview progress" : "Sync progress"}
              />
            </div>
          ) : (
            preview && (
              <div className="mt-6 grid gap-5">
                {notice && (
                  <p role="status" className="rounded-lg border border-accent/50 bg-accent/10 p-3 text-sm">
                    {notice}
                  </p>
                )}
                <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                  {(
                    [
                      ["New", preview.counts.new],
                      ["Updated", preview.counts.updated],
                      ["To be removed", preview.counts.removed],
                      ["Unchanged", preview.counts.unchanged],
                    ] as const
                  ).map(([term, n]) => (
                    <div
                      key={term}
                      className="rounded-xl border border-border p-3"
                      data-testid={`sync-count-${term.toLowerCase().replaceAll(" ", "-")}`}
                    >
                      <dt className="text-xs text-muted-foreground">{term}</dt>
                      <dd className="font-display text-2xl tabular-nums">{fmt(n)}</dd>
                    </div>
                  ))}
                </dl>
                <NameList
                  title="New venues"
                  items={preview.added}
                  total={preview.counts.new}
                  render={(v) => `${v.name} (${v.city}) · row ${v.row}`}
                />
                <NameList
                  title="Updated venues"
                  items={preview.updated}
                  total={preview.counts.updated}
                  render={(v) => `${v.name}: ${v.changes?.join(", ")} · row ${v.row}`}
                />
                <NameList
                  title="To be removed"
                  items={preview.removed}
                  total={preview.counts.removed}
                  render={(v) =>
                    `${v.name} (${v.city})${v.dateIdeas ? ` · ${SYNC_MSG.dateIdeasUnlinked(v.dateIdeas)}` : ""}`
                  }
                />
                {preview.counts.dateIdeasUnlinked > 0 && (
                  <p className="text-sm text-destructive-text" data-testid="sync-date-ideas-unlinked">
                    {SYNC_MSG.dateIdeasUnlinked(preview.counts.dateIdeasUnlinked)}: they stay, with no
                    particular venue.
                  </p>
                )}
                {(missing > 0 || !preview.removeMissing) && (
                  <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-input p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                      checked={removeMissing}
                      onChange={(e) => {
                        setRemoveMissing(e.target.checked);
                        previewCall.mutate(e.target.checked);
                      }}
                    />
                    <span>
                      <span className="font-medium">Remove venues that are not in the file</span>
                      <span className="block text-muted-foreground">
                        {preview.removeMissing
                          ? "Untick to only add and update venues."
                          : `${fmt(preview.counts.kept)} ${preview.counts.kept === 1 ? "venue" : "venues"} not in the file will stay as they are.`}
                      </span>
                    </span>
                  </label>
                )}
                {mass && (
                  <div
                    role="alert"
                    className="grid gap-3 rounded-lg border border-destructive-text/40 bg-destructive/10 p-3 text-sm text-destructive-text"
                    data-testid="sync-mass-removal"
                  >
                    <p className="flex items-start gap-2 font-semibold">
                      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                      {SYNC_MSG.massRemoval(preview.counts.removed, preview.venueCount)}
                    </p>
                    <label className="flex cursor-pointer items-center gap-3 font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
                      <input
                        type="checkbox"
                        className="size-4 shrink-0 accent-destructive"
                        checked={removalConfirmed}
                        onChange={(e) => setRemovalConfirmed(e.target.checked)}
                      />
                      {SYNC_MSG.confirmRemoval(preview.counts.removed)}
                    </label>
                  </div>
                )}
                <Problems problems={preview.problems} total={preview.counts.problems} />
                {changes === 0 && (
                  <p className="text-sm text-muted-foreground">
                    The file matches the current venues: nothing to change.
                  </p>
                )}
              </div>
            )
          )}

          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant={mass ? "destructive" : "primary"}
              onClick={() => preview && applyCall.mutate(preview)}
              disabled={busy || !preview || changes === 0 || (mass && !removalConfirmed)}
            >
              {busy && step.action === "apply" ? "Processing..." : "Confirm"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
