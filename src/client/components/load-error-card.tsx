import { RotateCw } from "lucide-react";
import { cn } from "../lib/cn.ts";
import { errorMessage } from "../lib/queryClient.ts";
import { Button } from "./ui/button.tsx";
import { Card } from "./ui/card.tsx";

/** A read that failed: what could not be loaded, the server's reason, and a way to try again. */
export function LoadErrorCard({
  title,
  error,
  onRetry,
  heading = "h2",
  className,
  testId,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  heading?: "h1" | "h2";
  className?: string;
  testId?: string;
}) {
  const Heading = heading;
  return (
    <Card className={cn("p-6 sm:p-8", className)} role="alert" data-testid={testId}>
      <Heading className="font-display text-2xl font-medium">{title}</Heading>
      <p className="mt-2 text-muted-foreground">{errorMessage(error)}</p>
      <Button variant="outline" className="mt-5" onClick={onRetry}>
        <RotateCw aria-hidden />
        Try again
      </Button>
    </Card>
  );
}
