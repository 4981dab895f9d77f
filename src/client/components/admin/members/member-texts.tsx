import { useQuery } from "@tanstack/react-query";
import { MessageSquareText } from "lucide-react";
import { type ReactNode, useId } from "react";
import type { AdminText } from "../../../../shared/admin/members.ts";
import { adminMembersApi } from "../../../../shared/contract/admin-members.ts";
import { londonFormat } from "../../../../shared/london-time.ts";
import { queryOf } from "../../../lib/api.ts";
import { Badge } from "../../ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../ui/card.tsx";

const when = londonFormat({
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

const KIND_LABEL: Record<string, string> = { sms_reveal: "Reveal", sms_clue: "Clue" };

/**
 * What Twilio's commonest failure codes mean, so "I never got the text" can be answered without looking the
 * number up; a code not listed is shown bare.
 */
const ERROR_MEANING: Record<string, string> = {
  "21211": "not a valid number",
  "21610": "they replied STOP",
  "21614": "not a mobile number",
  "30003": "phone off or out of signal",
  "30004": "blocked by the phone or network",
  "30005": "number no longer in use",
  "30006": "a landline or unreachable network",
  "30007": "filtered by the network",
  "30008": "unknown network error",
};

/** Keeps a short phrase on one line ("error 30006", "21 Nov, 08:00") when the details wrap on a phone. */
const whole = (s: string) => s.replaceAll(" ", "\u00a0");

/** "21 Nov, 08:00 to +447700900123, 2 parts, error 30003 (phone off or out of signal)". */
function details(t: AdminText): string {
  const meaning = t.errorCode ? ERROR_MEANING[t.errorCode] : undefined;
  return [
    `${whole(when.format(new Date(t.createdAt)))} ${whole(`to ${t.to}`)}`,
    t.segments > 1 ? whole(`${t.segments} parts`) : "",
    t.errorCode ? `${whole(`error ${t.errorCode}`)}${meaning ? ` (${meaning})` : ""}` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

function statusBadge(status: string): ReactNode {
  const badge = (variant: "success" | "destructive" | undefined, label: string) => (
    <Badge variant={variant} data-testid="text-status">
      {label}
    </Badge>
  );
  if (status === "delivered" || status === "read") return badge("success", "Delivered");
  if (status === "failed" || status === "undelivered")
    return badge("destructive", status === "failed" ? "Failed" : "Not delivered");
  return badge(undefined, status[0].toUpperCase() + status.slice(1));
}

/**
 * The member page's latest texts and what the provider said about each ("I never got the text"). Hidden when
 * the member has never been texted.
 */
export function MemberTexts({ userId }: { userId: number }) {
  const texts = useQuery({
    ...queryOf(adminMembersApi.texts, { params: { userId: String(userId) } }),
    staleTime: 0,
  });
  const titleId = useId();
  if (!texts.data?.length) return null;
  return (
    <Card className="mt-6" role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 text-xl">
          <MessageSquareText aria-hidden className="size-5" />
          Recent texts
        </CardTitle>
        <CardDescription>
          The latest {texts.data.length} texts and their delivery status, in London time.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {texts.data.map((t) => (
            <li key={t.id} className="grid gap-1 py-3">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium" data-testid="text-kind">
                  {KIND_LABEL[t.kind] ?? t.kind.replace(/^sms_/, "")}
                </span>
                {statusBadge(t.status)}
                <span className="text-muted-foreground tabular-nums">{details(t)}</span>
              </div>
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{t.body}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
