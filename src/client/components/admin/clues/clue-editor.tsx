import { type QueryKey, useMutation, useQuery } from "@tanstack/react-query";
import { EyeOff, Plus, RotateCcw, Trash2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  type AdminClues,
  CLUE,
  type ClueEdit,
  clueSlotLabel,
  DERIVED_CLUE_SLOTS,
} from "../../../../shared/clues.ts";
import { cluesApi } from "../../../../shared/contract/clues.ts";
import { callIfMatch, callTagged, keyOf, storeAnswer } from "../../../lib/api.ts";
import {
  errorFields,
  errorMessage,
  isStaleEdit,
  queryClient,
  toastCallError,
} from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/input.tsx";
import { Label } from "../../ui/label.tsx";
import { Switch } from "../../ui/switch.tsx";
import { Textarea } from "../../ui/textarea.tsx";
import { HistorySection, refreshHistory, StaleEditAlert } from "../audit/stale-edit.tsx";
import { formatDateTimeGB } from "../common.tsx";

const HOUR_MS = 3_600_000;
/**
 * The clues with their ETag (a save sends it as If-Match), cached apart from a plain read of the same address;
 * under the date's address, so refreshing the date's details reads them again.
 */
const cluesKey = (assignmentId: number) => [...keyOf(cluesApi.read, { params: { assignmentId } }), "tagged"];
const readClues = (assignmentId: number) => callTagged(cluesApi.read, { params: { assignmentId } });
type Tagged = Awaited<ReturnType<typeof readClues>>;

type Draft = ClueEdit & {
  source: "derived" | "edited" | "added";
  derived: { text: string; hoursBefore: number } | null;
};

function toDraft(data: AdminClues): Draft[] {
  return data.clues.map((c) => ({
    slot: c.slot,
    text: c.text,
    hoursBefore: c.hoursBefore,
    hidden: c.hidden,
    source: c.source,
    derived: c.derived,
  }));
}

function nextExtraSlot(drafts: Draft[]): string | null {
  for (let i = 1; i <= CLUE.maxExtra; i++)
    if (!drafts.some((d) => d.slot === `extra-${i}`)) return `extra-${i}`;
  return null;
}

/**
 * The "Clues" panel of an assignment's details: the team's version of the date's teaser clues. Read once with
 * its ETag and saved with If-Match: when another admin saved them meanwhile the drafts stay and an alert says
 * who, with Reload (which replaces the drafts). The clues' history is at the foot.
 */
export function ClueEditor({ assignmentId }: { assignmentId: number }) {
  // Read when shown, on Reload, and when the date's details are refreshed (a move changes derived clues).
  const query = useQuery({
    queryKey: cluesKey(assignmentId),
    queryFn: () => readClues(assignmentId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState<string | null>(null);
  /** The version the drafts started from: its ETag goes with the save. */
  const [base, setBase] = useState<Tagged | null>(null);
  // While a 412 is shown, a read in the background does not replace the operator's drafts (only Reload does).
  const keepDrafts = useRef(false);
  const startFrom = useCallback((tagged: Tagged) => {
    keepDrafts.current = false;
    setBase(tagged);
    setDrafts(toDraft(tagged.data));
    setStale(null);
  }, []);
  useEffect(() => {
    if (query.data && !keepDrafts.current) startFrom(query.data);
  }, [query.data, startFrom]);
  const reload = async () => {
    const read = await query.refetch();
    if (read.data) startFrom(read.data);
  };

  const save = useMutation({
    mutationFn: (clues: ClueEdit[]) =>
      callIfMatch(cluesApi.save, { params: { assignmentId }, body: { clues } }, base?.etag),
    onSuccess: (saved, sent) => {
      setErrors({});
      storeAnswer<QueryKey, Tagged>(queryClient, cluesKey(assignmentId), saved);
      refreshHistory(queryClient);
      toast({
        title: sent.length ? "Clues saved" : "Clues reset",
        description: sent.length
          ? "Members see this version as each clue unlocks."
          : "Back to the derived clues.",
        variant: "success",
      });
    },
    onError: (error) => {
      if (isStaleEdit(error)) {
        keepDrafts.current = true;
        setStale(errorMessage(error));
        return;
      }
      const byPath: Record<string, string> = {};
      for (const f of errorFields(error)) byPath[f.path] ??= f.message;
      setErrors(byPath);
      toastCallError("Couldn't save the clues", error);
    },
  });

  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading clues…</p>;
  if (!query.data) return <p className="text-sm text-destructive-text">Couldn't load the clues.</p>;
  const scheduled = new Date(query.data.data.scheduledDate).getTime();
  const update = (i: number, change: Partial<Draft>) =>
    setDrafts((list) => list.map((d, j) => (j === i ? { ...d, ...change } : d)));
  const extra = nextExtraSlot(drafts);

  return (
    <div className="grid gap-3">
      {drafts.length === 0 && <p className="text-sm text-muted-foreground">No clues for this date yet.</p>}
      <ol className="grid gap-3">
        {drafts.map((d, i) => {
          const id = `clue-${assignmentId}-${d.slot}`;
          const textError = errors[`clues.${i}.text`];
          const hoursError = errors[`clues.${i}.hoursBefore`];
          const hoursValid = Number.isInteger(d.hoursBefore);
          return (
            <li
              key={d.slot}
              className="grid gap-2 rounded-lg border border-border p-3"
              data-hidden={d.hidden || undefined}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Label htmlFor={`${id}-text`} className="font-semibold">
                  {clueSlotLabel(d.slot)}
                </Label>
                <div className="flex items-center gap-2">
                  {d.source !== "derived" && <Badge>{d.source === "added" ? "Added" : "Edited"}</Badge>}
                  {d.hidden && (
                    <Badge>
                      <EyeOff aria-hidden className="size-3" /> Hidden
                    </Badge>
                  )}
                </div>
              </div>
              <Textarea
                id={`${id}-text`}
                value={d.text}
                maxLength={CLUE.textMax}
                rows={2}
                className="min-h-16"
                aria-invalid={textError ? true : undefined}
                aria-describedby={textError ? `${id}-text-error` : undefined}
                onChange={(e) => update(i, { text: e.target.value })}
              />
              {textError && (
                <p id={`${id}-text-error`} role="alert" className="text-sm text-destructive-text">
                  {textError}
                </p>
              )}
              <div className="flex flex-wrap items-end gap-3">
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-hours`} className="text-xs text-muted-foreground">
                    Hours before the date
                  </Label>
                  <Input
                    id={`${id}-hours`}
                    type="number"
                    inputMode="numeric"
                    min={CLUE.minHoursBefore}
                    max={CLUE.maxHoursBefore}
                    className="h-9 w-24"
                    value={Number.isNaN(d.hoursBefore) ? "" : d.hoursBefore}
                    aria-invalid={hoursError ? true : undefined}
                    onChange={(e) => update(i, { hoursBefore: e.target.valueAsNumber })}
                  />
                </div>
                <p className="pb-2 text-xs text-muted-foreground">
                  {hoursValid
                    ? `Unlocks ${formatDateTimeGB(new Date(scheduled - d.hoursBefore * HOUR_MS).toISOString())}`
                    : ""}
                </p>
                <div className="ml-auto flex items-center gap-2 pb-1">
                  <Switch
                    id={`${id}-hidden`}
                    checked={d.hidden}
                    onCheckedChange={(hidden) => update(i, { hidden })}
                  />
                  <Label htmlFor={`${id}-hidden`} className="text-sm">
                    Hide
                  </Label>
                </div>
              </div>
              {hoursError && (
                <p role="alert" className="text-sm text-destructive-text">
                  {hoursError}
                </p>
              )}
              {d.derived && (d.text !== d.derived.text || d.hoursBefore !== d.derived.hoursBefore) && (
                <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <span className="min-w-0 break-words">
                    Derived: “{d.derived.text}” at {d.derived.hoursBefore} hours
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => update(i, { text: d.derived!.text, hoursBefore: d.derived!.hoursBefore })}
                  >
                    <RotateCcw aria-hidden />
                    Use derived
                  </Button>
                </div>
              )}
              {!(DERIVED_CLUE_SLOTS as readonly string[]).includes(d.slot) && (
                <div>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setDrafts((list) => list.filter((_, j) => j !== i))}
                  >
                    <Trash2 aria-hidden />
                    Remove {clueSlotLabel(d.slot).toLowerCase()}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {stale && (
        <StaleEditAlert message={stale} reloading={query.isFetching} onReload={() => void reload()} />
      )}
      <div className="flex flex-wrap gap-2">
        {extra && (
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              setDrafts((list) => [
                ...list,
                { slot: extra, text: "", hoursBefore: 96, hidden: false, source: "added", derived: null },
              ])
            }
          >
            <Plus aria-hidden />
            Add a clue
          </Button>
        )}
        <Button variant="outline" size="sm" pending={save.isPending} onClick={() => save.mutate([])}>
          <RotateCcw aria-hidden />
          Reset to derived
        </Button>
        <Button
          size="sm"
          className="ml-auto"
          pending={save.isPending}
          onClick={() =>
            save.mutate(
              drafts.map(({ slot, text, hoursBefore, hidden }) => ({ slot, text, hoursBefore, hidden })),
            )
          }
        >
          Save clues
        </Button>
      </div>
      <HistorySection entity="clue" entityId={assignmentId} />
    </div>
  );
}
