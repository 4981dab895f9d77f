import { CirclePause } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../../client/components/ui/button.tsx";
import { Dialog, DialogContent, DialogTrigger } from "../../../../client/components/ui/dialog.tsx";
import { PauseStep } from "./pause-step.tsx";

/**
 * "Take a month off" on its own, outside the cancel dialog: the same month-off step (its preview of the dates
 * inside it, keep or cancel them, then one POST), for the plan holder and the covered partner alike.
 */
export function MonthOffButton({
  testId,
  variant = "outline",
}: {
  testId: string;
  variant?: "outline" | "primary";
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant} className="justify-self-start" data-testid={testId}>
          <CirclePause aria-hidden />
          Take a month off
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        {open && (
          <PauseStep onBack={() => setOpen(false)} onDone={() => setOpen(false)} backLabel="Not now" />
        )}
      </DialogContent>
    </Dialog>
  );
}
