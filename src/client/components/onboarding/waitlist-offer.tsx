import { useMutation } from "@tanstack/react-query";
import { MailCheck, MapPin } from "lucide-react";
import { useId, useState } from "react";
import { waitlistApi } from "../../../shared/contract/waitlist.ts";
import { SERVICE_AREA_NAME } from "../../../shared/service-area.ts";
import { call } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth.ts";
import { errorMessage } from "../../lib/queryClient.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";

/**
 * Shown at once for a postcode outside the area served: "London only for now", and the waitlist for the
 * postcode's area in one click (the account's e-mail prefilled, editable).
 */
export function WaitlistOffer({ postcode, area, id }: { postcode: string; area: string; id: string }) {
  const emailId = useId();
  const [email, setEmail] = useState(useAuth().user?.email ?? "");
  const join = useMutation({
    mutationFn: async () => await call(waitlistApi.join, { body: { email, postcode } }),
  });
  const submit = () => {
    if (!join.isPending) join.mutate();
  };

  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-xl border border-accent/60 bg-surface p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <MapPin aria-hidden className="mt-1 size-5 shrink-0 text-accent-text" />
        <div className="grid gap-1">
          <h3 id={`${id}-title`} className="font-display text-xl font-medium">
            London only for now
          </h3>
          <p role="status" className="text-sm text-muted-foreground">
            {postcode} is outside {SERVICE_AREA_NAME}, where we plan every date. We'd love to come to the{" "}
            {area} area: join the waitlist and we'll write when we do. Nothing is charged.
          </p>
        </div>
      </div>
      {join.isSuccess ? (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-success-text">
          <MailCheck aria-hidden className="size-4 shrink-0" />
          <span>{join.data.message}</span>
        </p>
      ) : (
        // Inside the questionnaire's form (no nested form): Enter in the e-mail joins instead of moving on.
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor={emailId}>E-mail for the waitlist</Label>
            <Input
              id={emailId}
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onKeyDown={(e) => {
                if (e.key !== "Enter") return;
                e.preventDefault();
                submit();
              }}
              aria-invalid={join.isError ? true : undefined}
              aria-describedby={join.isError ? `${id}-error` : undefined}
            />
          </div>
          <Button type="button" variant="gold" pending={join.isPending} onClick={submit}>
            {join.isPending ? "Joining..." : `Join the ${area} waitlist`}
          </Button>
          {join.isError ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive-text sm:col-span-2">
              {errorMessage(join.error)}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
