import { useQuery } from "@tanstack/react-query";
import { MessageSquareText } from "lucide-react";
import type { AdminText } from "../../../../shared/admin/members.ts";
import { londonFormat } from "../../../../shared/london-time.ts";
import { Badge } from "../../ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../ui/card.tsx";

const when = londonFormat({
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

const KIND_LABEL: Record<string, string> = { sms_reveal: "Reveal", sms_clue: "Clue" };

function statusBadge(status: string) {
  if (status === "delivered" || status === "read") return <Badge variant="success">Delivered</Badge>;
  if (status === "failed" || status === "undelivered")
    return <Badge variant="destructive">{status === "failed" ? "Failed" : "Not delivered"}</Badge>;
  return <Badge>{status[0].toUpperCase() + status.slice(1)}</Badge>;
}

/**
 * The member page's latest texts and what the provider said about each ("I never got the text"). Hidden when
 * the member has never been texted.
 */
export function MemberTexts({ userId }: { userId: number }) {
  const texts = useQuery<AdminText[]>({
    queryKey: ["/api/admin/users", String(userId), "texts"],
    staleTime: 0,
  });
  if (!texts.data?.length) return null;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
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
                <span className="font-medium">{KIND_LABEL[t.kind] ?? t.kind.replace(/^sms_/, "")}</span>
                {statusBadge(t.status)}
                <span className="text-muted-foreground">
                  {when.format(new Date(t.createdAt))} to {t.to}
                  {t.segments > 1 ? `, ${t.segments} parts` : ""}
                  {t.errorCode ? `, error ${t.errorCode}` : ""}
                </span>
              </div>
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{t.body}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
