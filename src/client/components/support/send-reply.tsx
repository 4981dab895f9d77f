import { Send } from "lucide-react";
import { Button } from "../ui/button.tsx";
import { SaveStatus } from "../ui/save-status.tsx";

/**
 * A reply form's foot (the member's and the back office's): Send reply, which keeps focus while it sends (not
 * `disabled`, so the next Tab and Escape carry on from it), and beside it "Sending..." then `sent`, said
 * politely. `status` is the reply's mutation status, "idle" once a new reply is being typed.
 */
export function SendReply({
  status,
  sent = "Sent",
}: {
  status: "idle" | "pending" | "success" | "error";
  sent?: string;
}) {
  const pending = status === "pending";
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
      <SaveStatus status={status} saving="Sending..." saved={sent} />
      <Button type="submit" className="self-end" pending={pending}>
        <Send aria-hidden />
        {pending ? "Sending..." : "Send reply"}
      </Button>
    </div>
  );
}
