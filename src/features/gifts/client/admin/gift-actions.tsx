/**
 * The three things an admin can do with a gift: send the couple's e-mail again, change the delivery date
 * while it has not gone, and refund an unredeemed gift. An action that is not open stays focusable
 * (aria-disabled) with the reason under it, so a keyboard or screen-reader user hears why, and focus can
 * return to it when a dialog closes.
 */
import { useMutation } from "@tanstack/react-query";
import { CalendarDays, Mail, Undo2 } from "lucide-react";
import { type ComponentProps, type ReactNode, useId, useState } from "react";
import { refreshHistory } from "../../../../client/components/admin/audit/stale-edit.tsx";
import { AlertDialogTrigger } from "../../../../client/components/ui/alert-dialog.tsx";
import { Button } from "../../../../client/components/ui/button.tsx";
import { ConfirmDialog } from "../../../../client/components/ui/confirm-dialog.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../../client/components/ui/dialog.tsx";
import { FormDialogFooter } from "../../../../client/components/ui/form-dialog-footer.tsx";
import { FormField } from "../../../../client/components/ui/form-field.tsx";
import { call, invalidate } from "../../../../client/lib/api.ts";
import { errorMessage, queryClient, toastCallError } from "../../../../client/lib/queryClient.ts";
import { toast } from "../../../../client/lib/toast.ts";
import { giftsApi } from "../../contract.ts";
import { adminGiftActions, refundQuestion } from "../../shared/admin.ts";
import {
  type AdminGiftRow,
  deliveryDateProblem,
  formatGiftCode,
  GIFT,
  GIFT_MSG,
} from "../../shared/schemas.ts";
import { addDays, formatMoney, londonToday, longDay } from "../format.ts";

/** Every page of the list, the open gift and its history, and the gift figures on the analytics tab. */
function refreshGifts() {
  refreshHistory(queryClient);
  // Every read under the list's address: its pages, each gift and its history, the figures.
  void invalidate(queryClient, giftsApi.adminList);
}

const giftParams = (gift: AdminGiftRow) => ({ id: String(gift.id) });

/**
 * A button that may be closed to this gift: still focusable, saying why underneath. When one reason closes
 * all three, it is written once under the row (`sharedReasonId`) instead of three times.
 */
function ActionSlot({
  reason,
  sharedReasonId,
  children,
}: {
  reason: string | null;
  sharedReasonId?: string;
  children: (props: { "aria-disabled"?: true; "aria-describedby"?: string; className?: string }) => ReactNode;
}) {
  const ownId = useId();
  const id = sharedReasonId ?? ownId;
  return (
    <div className="grid content-start gap-1.5">
      {children(
        reason
          ? { "aria-disabled": true, "aria-describedby": id, className: "cursor-not-allowed opacity-60" }
          : {},
      )}
      {reason && !sharedReasonId && (
        <p id={id} className="text-xs text-muted-foreground">
          {reason}
        </p>
      )}
    </div>
  );
}

interface ActionProps {
  gift: AdminGiftRow;
  reason: string | null;
  sharedReasonId?: string;
}

/** Stops a closed action's trigger from opening its dialog. */
const unlessClosed = (reason: string | null) => (e: { preventDefault(): void }) => {
  if (reason) e.preventDefault();
};

/**
 * An action asked about first, then posted: its button opens the question, the answer is a toast, and the
 * question closes either way (focus goes back to the button, which may now be closed with its reason).
 */
function ConfirmAction({
  gift,
  reason,
  sharedReasonId,
  action,
  icon,
  label,
  question,
  done,
  failed,
}: ActionProps & {
  /** Which of the gift's two confirmed actions. */
  action: "resend" | "refund";
  icon: ReactNode;
  label: string;
  question: Pick<
    ComponentProps<typeof ConfirmDialog>,
    "title" | "description" | "extra" | "cancelLabel" | "confirmLabel" | "pendingLabel"
  >;
  /** The success toast. */
  done: { title: string; description: string };
  /** The failure toast's title. */
  failed: string;
}) {
  const [open, setOpen] = useState(false);
  const act = useMutation({
    mutationFn: () =>
      action === "resend"
        ? call(giftsApi.adminResend, { params: giftParams(gift) })
        : call(giftsApi.adminRefund, { params: giftParams(gift) }),
    onSuccess: () => {
      toast({ ...done, variant: "success" });
      refreshGifts();
    },
    onError: (e) => toastCallError(failed, e),
    onSettled: () => setOpen(false),
  });
  return (
    <ActionSlot reason={reason} sharedReasonId={sharedReasonId}>
      {(closed) => (
        <ConfirmDialog
          {...question}
          open={open}
          onOpenChange={setOpen}
          pending={act.isPending}
          onConfirm={() => act.mutate()}
          trigger={
            <AlertDialogTrigger asChild>
              <Button variant="outline" size="sm" {...closed} onClick={unlessClosed(reason)}>
                {icon}
                {label}
              </Button>
            </AlertDialogTrigger>
          }
        />
      )}
    </ActionSlot>
  );
}

function ResendAction(props: ActionProps) {
  const { gift } = props;
  const code = gift.code ? formatGiftCode(gift.code) : "";
  return (
    <ConfirmAction
      {...props}
      action="resend"
      icon={<Mail aria-hidden />}
      label={gift.deliveredAt ? "Resend" : "Send now"}
      question={{
        title: "Send the gift again?",
        description: `${gift.recipientNames} get the gift e-mail at ${gift.recipientEmail}: ${gift.buyerName}'s message, the printable card and the code ${code}. ${gift.buyerName} gets nothing.`,
        extra: !gift.deliveredAt && (
          <p className="text-sm text-muted-foreground">
            It hasn't gone yet: it will go now instead of on {longDay(gift.deliverOn)}, and the delivery date
            can't change after that.
          </p>
        ),
        confirmLabel: `E-mail ${gift.recipientEmail}`,
        pendingLabel: "Sending...",
      }}
      done={{
        title: "Gift sent",
        description: `We've e-mailed ${gift.recipientNames} at ${gift.recipientEmail} their gift again, with the card and code ${code}.`,
      }}
      failed="The gift couldn't be sent"
    />
  );
}

function MoveAction({ gift, reason, sharedReasonId }: ActionProps) {
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState(gift.deliverOn);
  const [error, setError] = useState<string | undefined>();
  const today = londonToday();
  const move = useMutation({
    mutationFn: (deliverOn: string) =>
      call(giftsApi.adminDelivery, { params: giftParams(gift), body: { deliverOn } }),
    onSuccess: (_, deliverOn) => {
      setOpen(false);
      toast({
        title: "Delivery date changed",
        description: `${gift.recipientNames} will get their gift on the morning of ${longDay(deliverOn)}.`,
        variant: "success",
      });
      refreshGifts();
    },
    // The server's reason sits beside the field (a past day, too far ahead, already delivered).
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <ActionSlot reason={reason} sharedReasonId={sharedReasonId}>
      {(closed) => (
        <Dialog
          open={open}
          onOpenChange={(next) => {
            if (move.isPending) return;
            setOpen(next);
            if (next) {
              setDay(gift.deliverOn);
              setError(undefined);
            }
          }}
        >
          <DialogTrigger asChild>
            <Button variant="outline" size="sm" {...closed} onClick={unlessClosed(reason)}>
              <CalendarDays aria-hidden />
              Change date
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Change the delivery date</DialogTitle>
              <DialogDescription>
                {gift.recipientNames} get the gift e-mail at {gift.recipientEmail} from 08:00 London time on
                the day. It's now {longDay(gift.deliverOn)}.
              </DialogDescription>
            </DialogHeader>
            <form
              noValidate
              className="mt-6 grid gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                const problem = day ? deliveryDateProblem(day, today) : GIFT_MSG.deliverOn;
                if (problem) setError(problem);
                else if (!move.isPending) move.mutate(day);
              }}
            >
              <FormField
                label="Delivery date"
                type="date"
                min={today}
                max={addDays(today, GIFT.deliveryMaxDaysAhead)}
                value={day}
                onChange={(e) => {
                  setDay(e.target.value);
                  setError(undefined);
                }}
                error={error}
                hint={`Today or up to ${GIFT.deliveryMaxDaysAhead} days ahead.`}
              />
              <FormDialogFooter
                pending={move.isPending}
                onCancel={() => setOpen(false)}
                lockCancel
                submitDisabled={day === gift.deliverOn}
                label="Save date"
              />
            </form>
          </DialogContent>
        </Dialog>
      )}
    </ActionSlot>
  );
}

function RefundAction(props: ActionProps) {
  const { gift } = props;
  const amount = formatMoney(gift.amountPence);
  return (
    <ConfirmAction
      {...props}
      action="refund"
      icon={<Undo2 aria-hidden />}
      label="Refund"
      question={{
        title: "Refund this gift?",
        description: refundQuestion(gift, amount),
        extra: (
          <p className="text-sm text-muted-foreground">
            The money goes back to the account {gift.buyerName} paid from, usually within a few working days.
            {gift.deliveredAt
              ? ` ${gift.recipientNames} have the code already and won't be able to redeem it.`
              : ` Nothing will be sent to ${gift.recipientNames}.`}{" "}
            This can't be undone.
          </p>
        ),
        cancelLabel: "Keep the gift",
        confirmLabel: `Refund ${amount}`,
        pendingLabel: "Refunding...",
      }}
      done={{
        title: "Gift refunded",
        description: `${amount} is on its way back to ${gift.buyerName}, and the code no longer works.`,
      }}
      failed="The gift couldn't be refunded"
    />
  );
}

/** Resend, Change date and Refund, each with the reason when it is not open to this gift. */
export function GiftActions({ gift }: { gift: AdminGiftRow }) {
  const why = adminGiftActions(gift);
  const sharedId = useId();
  const shared = why.resend && why.resend === why.move && why.move === why.refund ? why.resend : null;
  const slot = shared ? sharedId : undefined;
  return (
    <div className="grid gap-2" data-testid="gift-actions">
      <div className="grid gap-3 sm:grid-cols-3">
        <ResendAction gift={gift} reason={why.resend} sharedReasonId={slot} />
        <MoveAction gift={gift} reason={why.move} sharedReasonId={slot} />
        <RefundAction gift={gift} reason={why.refund} sharedReasonId={slot} />
      </div>
      {shared && (
        <p id={sharedId} className="text-sm text-muted-foreground">
          {shared}
        </p>
      )}
    </div>
  );
}
