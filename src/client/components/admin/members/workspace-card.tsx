import { RefreshCw } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "../../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../ui/card.tsx";

/**
 * One section of the member page's workspace (notes, billing, e-mails, tickets, history): a card with its
 * title as the region's name, an anchor id for the page's jump links, and an optional action beside the title.
 */
export function WorkspaceCard({
  id,
  icon,
  title,
  description,
  action,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card id={id} className="scroll-mt-6" role="region" aria-labelledby={titleId}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle id={titleId} className="flex items-center gap-2 text-xl">
            <span className="text-brand [&_svg]:size-5">{icon}</span>
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** An empty section's one line. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * A stale save's 412 beside the form (decision 0070): who changed the record and when; the operator's input
 * stays in the form, and Reload reads the saved version (replacing the input only then).
 */
export function StaleAlert({
  message,
  onReload,
  reloading,
}: {
  message: string;
  onReload: () => void;
  reloading: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // A block body: Chromium's scrollIntoView may answer a promise, which React would call as the cleanup.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
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
