import { useQueryClient } from "@tanstack/react-query";
import { Ban } from "lucide-react";
import { useState } from "react";
import {
  type AdminCouple,
  type AdminExclusion,
  EXCLUSION_MSG,
  removeExclusionSchema,
} from "../../../../shared/admin/member-couple.ts";
import { adminMembersApi } from "../../../../shared/contract/admin-members.ts";
import { call, invalidate, keyOf, storeAnswer } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useOneFieldErrors } from "../../../lib/use-error-summary.ts";
import { useSingleFlightMutation } from "../../../lib/use-single-flight.ts";
import { Button } from "../../ui/button.tsx";
import { SummaryForm } from "../../ui/error-summary.tsx";
import { TextareaField } from "../../ui/textarea-field.tsx";
import { formatDateTimeGB } from "../common.tsx";
import { coupleNames } from "./couple-panel.tsx";

/**
 * The venues the couple asked not to go to (their own choices; a cancellation never adds one). An operator
 * removes one with a reason, kept on record; the engine then offers the venue again.
 */
export function VenueExclusions({ couple }: { couple: AdminCouple }) {
  const nameOf = coupleNames(couple);
  const [removing, setRemoving] = useState<AdminExclusion | null>(null);
  return (
    <div className="grid gap-2 border-t border-border/70 pt-4">
      <h3 className="flex items-center gap-1.5 text-sm font-semibold">
        <Ban aria-hidden className="size-4 text-muted-foreground" />
        Venues they asked not to go to
      </h3>
      {couple.exclusions.length === 0 ? (
        <p className="text-sm text-muted-foreground">None.</p>
      ) : (
        <ul className="grid gap-2">
          {couple.exclusions.map((x) => (
            <li
              key={`${x.userId}-${x.venueId}`}
              className="grid gap-2 rounded-lg border border-border/70 px-3 py-2.5 text-sm"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium">{x.venueName}</span>{" "}
                  <span className="text-muted-foreground">
                    ({nameOf(x.userId)}, since {formatDateTimeGB(x.excludedAt)})
                  </span>
                </span>
                {removing?.venueId !== x.venueId && (
                  <Button size="sm" variant="outline" onClick={() => setRemoving(x)}>
                    Remove
                  </Button>
                )}
              </div>
              {removing?.venueId === x.venueId && (
                <RemoveForm couple={couple} exclusion={x} onDone={() => setRemoving(null)} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RemoveForm({
  couple,
  exclusion,
  onDone,
}: {
  couple: AdminCouple;
  exclusion: AdminExclusion;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const errors = useOneFieldErrors();
  const remove = useSingleFlightMutation({
    mutationFn: async (body: { reason: string }) =>
      await call(adminMembersApi.removeExclusion, {
        params: { userId: String(couple.memberId), venueId: String(exclusion.venueId) },
        body,
      }),
    onSuccess: (updated) => {
      const params = { userId: String(couple.memberId) };
      storeAnswer(queryClient, keyOf(adminMembersApi.couple, { params, query: {} }), updated);
      void invalidate(queryClient, adminMembersApi.get, params);
      toast({
        title: EXCLUSION_MSG.removed,
        description: `${exclusion.venueName} can be planned for them again.`,
      });
      onDone();
    },
    onError: errors.refused,
  });
  return (
    <SummaryForm
      summary={errors.summary}
      aria-label={`Remove ${exclusion.venueName}`}
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        errors.clear();
        const parsed = removeExclusionSchema.safeParse({ reason });
        if (!parsed.success) return errors.invalid(parsed.error.issues[0]?.message);
        remove.mutate(parsed.data);
      }}
    >
      <TextareaField
        id={errors.fieldId}
        label="Why remove it"
        value={reason}
        maxLength={500}
        autoFocus
        error={errors.error}
        hint="Kept on record with your name."
        className="[&_textarea]:min-h-16"
        onChange={(e) => {
          setReason(e.target.value);
        }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" size="sm" disabled={remove.isPending} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" size="sm" pending={remove.isPending}>
          {remove.isPending ? "Removing..." : "Remove exclusion"}
        </Button>
      </div>
    </SummaryForm>
  );
}
