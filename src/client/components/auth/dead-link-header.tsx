import { LinkIcon } from "lucide-react";
import { CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";

/** The top of every card that meets a link that no longer works (reset, sign-in): one look, the reason read out. */
export function DeadLinkHeader({ reason }: { reason: string }) {
  return (
    <CardHeader>
      <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <LinkIcon aria-hidden className="size-5" />
      </span>
      <CardTitle>This link no longer works</CardTitle>
      <CardDescription role="alert">{reason}</CardDescription>
    </CardHeader>
  );
}
