import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/cn.ts";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className={cn("inline-flex", className)}>
      <LoaderCircle aria-hidden className="size-full animate-spin" />
    </span>
  );
}

/** The whole-screen wait, e.g. while the sign-in state loads. */
export function FullPageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[60dvh] flex-1 items-center justify-center">
      <Spinner label={label} className="size-8 text-brand" />
    </div>
  );
}
