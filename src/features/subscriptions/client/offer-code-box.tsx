import { TicketPercent, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef } from "react";
import { Button } from "../../../client/components/ui/button.tsx";
import { ErrorSummary } from "../../../client/components/ui/error-summary.tsx";
import { Input } from "../../../client/components/ui/input.tsx";
import { Label } from "../../../client/components/ui/label.tsx";
import { cn } from "../../../client/lib/cn.ts";
import type { TierId } from "../../../shared/constants.ts";
import { savingsSentence, type useOfferCode } from "./use-offer-code.ts";

/** The offer code form: upper-case input, Apply, and the applied code with a way to remove it. */
export function OfferCodeBox({
  tier,
  offer,
  className,
}: {
  tier: TierId | null;
  offer: ReturnType<typeof useOfferCode>;
  className?: string;
}) {
  const id = useId();
  const applied = offer.applied && offer.applied.tier === tier ? offer.applied : null;
  const canApply = offer.input.trim() !== "" && tier !== null && !offer.pending;
  const codeId = `${id}-code`;
  const errorId = `${id}-error`;
  const error = offer.error;
  // Apply and Remove each replace the form they are in: focus follows to the control now in their place
  // (Remove, or the empty field), instead of dropping to <body>.
  const removeButton = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const wasApplied = useRef(Boolean(applied));
  useEffect(() => {
    const now = Boolean(applied);
    if (now === wasApplied.current) return;
    wasApplied.current = now;
    const focusedBefore = document.activeElement;
    if (focusedBefore && focusedBefore !== document.body && focusedBefore.isConnected) return;
    (now ? removeButton.current : field.current)?.focus();
  }, [applied]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (canApply && tier) offer.apply(tier);
  }

  if (applied)
    return (
      <div
        className={cn(
          "flex items-center gap-3 rounded-xl border border-success-text/40 bg-success-text/5 px-4 py-3",
          className,
        )}
      >
        <TicketPercent aria-hidden className="size-5 shrink-0 text-success-text" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-semibold tracking-wide">{applied.code}</p>
          <p className="text-muted-foreground">{applied.description ?? savingsSentence(applied, "page")}</p>
        </div>
        <Button
          ref={removeButton}
          variant="ghost"
          size="sm"
          onClick={offer.remove}
          aria-label={`Remove offer code ${applied.code}`}
          className="-mr-2 shrink-0 px-3"
        >
          <X aria-hidden />
          Remove
        </Button>
      </div>
    );

  return (
    <form noValidate onSubmit={onSubmit} className={cn("grid gap-2", className)}>
      {/* The server's refusal: in a summary that takes focus when Apply was pressed, and beside the field. */}
      <ErrorSummary
        items={error ? [{ fieldId: codeId, message: error.message }] : []}
        focusKey={error?.asked ?? 0}
        className="mb-2"
        testId="offer-error-summary"
      />
      <Label htmlFor={codeId}>Offer code</Label>
      <div className="flex gap-2">
        <Input
          ref={field}
          id={codeId}
          value={offer.input}
          onChange={(e) => offer.setInput(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          placeholder="e.g. WELCOME10"
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [tier ? null : `${id}-hint`, error ? errorId : null].filter(Boolean).join(" ") || undefined
          }
          className="uppercase placeholder:normal-case"
        />
        {/* Not `disabled` while checking: a pressed Apply keeps its focus. */}
        <Button
          type="submit"
          variant="outline"
          disabled={!canApply && !offer.pending}
          pending={offer.pending}
          className="shrink-0"
        >
          {offer.pending ? "Checking..." : "Apply"}
        </Button>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-destructive-text">
          {error.message}
        </p>
      )}
      {!tier && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Choose a plan first, then apply your code.
        </p>
      )}
    </form>
  );
}
