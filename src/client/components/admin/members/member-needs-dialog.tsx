import { useQueryClient } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { useId, useState } from "react";
import {
  type AdminMemberNeeds,
  memberNeedsInputSchema,
  NEEDS_MSG,
} from "../../../../shared/admin/member-workspace.ts";
import { ACCESSIBILITY_OPTIONS, DIETARY_OPTIONS, TRAVEL_RADIUS } from "../../../../shared/constants.ts";
import { adminMemberWorkspaceApi } from "../../../../shared/contract/admin-member-workspace.ts";
import { adminMembersApi } from "../../../../shared/contract/admin-members.ts";
import type { BodyOf } from "../../../../shared/contract/endpoint.ts";
import { callIfMatch, callTagged, invalidate } from "../../../lib/api.ts";
import { errorMessage, isStaleEdit } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useRefusalSummary } from "../../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { serverFieldErrors } from "../../settings/api.ts";
import { Button } from "../../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../ui/dialog.tsx";
import { focusField, SummaryForm } from "../../ui/error-summary.tsx";
import { FormDialogFooter } from "../../ui/form-dialog-footer.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { refreshHistory, StaleEditAlert } from "../audit/stale-edit.tsx";

interface Form {
  dietaryRestrictions: string[];
  accessibilityNeeds: string[];
  alcoholOk: boolean;
  postcode: string;
  travelRadius: string;
}

const formOf = (n: AdminMemberNeeds): Form => ({
  dietaryRestrictions: [...n.dietaryRestrictions],
  accessibilityNeeds: [...n.accessibilityNeeds],
  alcoholOk: n.alcoholOk,
  postcode: n.postcode ?? "",
  travelRadius: String(n.travelRadius),
});

/** Ticks for one needs list (the questionnaire's own choices). */
function NeedChoices({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly string[];
  value: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => {
          const on = value.includes(o);
          return (
            <label
              key={o}
              className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full border border-border px-3 py-1.5 text-sm has-checked:border-brand has-checked:bg-brand/10 has-focus-visible:outline-2 has-focus-visible:outline-ring"
            >
              <input
                type="checkbox"
                className="size-4 accent-[var(--color-brand)]"
                checked={on}
                onChange={() => onChange(on ? value.filter((v) => v !== o) : [...value, o])}
              />
              {o}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Edit a member's needs on their behalf: their dietary and access needs, alcohol, postcode and radius, checked
 * as their own questionnaire checks them. The dialog reads the needs (and their ETag) as it opens; a save after
 * another admin's gets 412 and keeps the input, with Reload. Saving re-checks the couple's dates ahead.
 */
export function MemberNeedsDialog({ userId, firstName }: { userId: number; firstName: string }) {
  const queryClient = useQueryClient();
  const params = { userId: String(userId) };
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Form | null>(null);
  const [etag, setEtag] = useState<string | null>(null);
  const [partnerPlace, setPartnerPlace] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const ids = useId();
  // Several problems, or the server's refusal, in the summary at the top (focused); one: focus on its field.
  const summary = useRefusalSummary();
  const fieldIds: Record<string, string> = {
    postcode: `${ids}-postcode`,
    travelRadius: `${ids}-radius`,
  };

  async function load() {
    setLoading(true);
    setLoadError(null);
    try {
      const { data, etag } = await callTagged(adminMemberWorkspaceApi.needs, { params });
      setForm(formOf(data));
      setEtag(etag);
      setPartnerPlace(data.placeFromPartnerId !== null);
      setStale(null);
      setErrors({});
      summary.clear();
    } catch (e) {
      setLoadError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  }

  const save = useSingleFlightMutation({
    mutationFn: (body: BodyOf<typeof adminMemberWorkspaceApi.saveNeeds>) =>
      callIfMatch(adminMemberWorkspaceApi.saveNeeds, { params, body }, etag),
    onSuccess: () => {
      setOpen(false);
      void invalidate(queryClient, adminMembersApi.couple, params);
      void invalidate(queryClient, adminMemberWorkspaceApi.needs, params);
      void invalidate(queryClient, adminMembersApi.dates, params);
      refreshHistory(queryClient);
      toast({ title: "Needs saved", description: NEEDS_MSG.saved, variant: "success" });
    },
    onError: (e) => {
      if (isStaleEdit(e)) return setStale(errorMessage(e));
      setErrors(serverFieldErrors(e));
      summary.showCallError(e, fieldIds);
    },
  });

  /** Changes the form; a field's error goes once it is edited. */
  function update(patch: Partial<Form>) {
    if (!form) return;
    setForm({ ...form, ...patch });
    setErrors((old) => {
      const next = { ...old };
      for (const k of Object.keys(patch)) delete next[k];
      return next;
    });
  }

  function submit() {
    if (!form) return;
    const parsed = memberNeedsInputSchema.safeParse({
      ...form,
      travelRadius: form.travelRadius.trim() === "" ? Number.NaN : Number(form.travelRadius),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? "form")] ??= issue.message;
      setErrors(next);
      const items = Object.entries(next).map(([field, message]) => ({ fieldId: fieldIds[field], message }));
      const only = items.length === 1 ? items[0]?.fieldId : undefined;
      if (only) {
        summary.clear();
        focusField(only);
      } else summary.showAll(items);
      return;
    }
    setErrors({});
    summary.clear();
    save.mutate(parsed.data);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) void load();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Pencil aria-hidden />
          Edit {firstName}'s needs
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit {firstName}'s needs</DialogTitle>
          <DialogDescription>
            Saved on their behalf, with your name on record. Their dates ahead are checked again at once.
          </DialogDescription>
        </DialogHeader>
        {loadError ? (
          <p role="alert" className="text-sm text-destructive-text">
            {loadError}
          </p>
        ) : !form ? (
          <p role="status" className="text-sm text-muted-foreground">
            {loading ? "Loading needs..." : ""}
          </p>
        ) : (
          <SummaryForm
            summary={summary.summary}
            aria-label={`${firstName}'s needs`}
            className="grid gap-5"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            {stale && <StaleEditAlert message={stale} onReload={load} reloading={loading} />}
            <NeedChoices
              legend="Dietary needs"
              options={DIETARY_OPTIONS}
              value={form.dietaryRestrictions}
              onChange={(v) => update({ dietaryRestrictions: v })}
            />
            {errors.dietaryRestrictions && (
              <p className="-mt-3 text-sm text-destructive-text">{errors.dietaryRestrictions}</p>
            )}
            <NeedChoices
              legend="Access needs"
              options={ACCESSIBILITY_OPTIONS}
              value={form.accessibilityNeeds}
              onChange={(v) => update({ accessibilityNeeds: v })}
            />
            <label htmlFor={`${ids}-alcohol`} className="flex items-center gap-3 text-sm">
              <input
                id={`${ids}-alcohol`}
                type="checkbox"
                className="size-4 accent-[var(--color-brand)]"
                checked={!form.alcoholOk}
                onChange={(e) => update({ alcoholOk: !e.target.checked })}
              />
              Doesn't drink alcohol (no alcohol-led dates)
            </label>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <FormField
                id={fieldIds.postcode}
                label="Postcode"
                value={form.postcode}
                autoComplete="off"
                error={errors.postcode}
                hint={partnerPlace ? "The couple's dates are planned from their partner's place." : undefined}
                onChange={(e) => update({ postcode: e.target.value })}
              />
              <FormField
                id={fieldIds.travelRadius}
                label="Travel radius (miles)"
                inputMode="numeric"
                value={form.travelRadius}
                error={errors.travelRadius}
                hint={`${TRAVEL_RADIUS.min} to ${TRAVEL_RADIUS.max} miles`}
                onChange={(e) => update({ travelRadius: e.target.value })}
              />
            </div>
            <FormDialogFooter pending={save.isPending} onCancel={() => setOpen(false)} label="Save needs" />
          </SummaryForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
