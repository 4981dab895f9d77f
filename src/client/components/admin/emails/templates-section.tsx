import { useMutation, useQuery } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { useState } from "react";
import {
  CAMPAIGN_TRIGGERS,
  EMAILS_MSG,
  type EmailCampaignRow,
  type EmailTemplateRow,
} from "../../../../shared/admin/emails.ts";
import { apiJson, queryClient, toastCallError } from "../../../lib/queryClient.ts";
import { LoadErrorCard } from "../../load-error-card.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Switch } from "../../ui/switch.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../ui/table.tsx";
import { AdminSection, EmptyState, formatDateGB, TableSkeleton } from "../common.tsx";
import { CampaignDialog } from "./campaign-dialog.tsx";
import { TEMPLATES_KEY, TemplateDialog } from "./template-dialog.tsx";

const CAMPAIGNS_KEY = ["/api/admin/email-campaigns"];

/** "At once", "24 hours (1 day)", "30 hours". */
export function delayLabel(hours: number): string {
  if (hours === 0) return "At once";
  const h = `${hours} hour${hours === 1 ? "" : "s"}`;
  if (hours % 24 !== 0) return h;
  const days = hours / 24;
  return `${h} (${days} day${days === 1 ? "" : "s"})`;
}

function TemplatesTable({ onEdit }: { onEdit: (t: EmailTemplateRow) => void }) {
  const templates = useQuery<EmailTemplateRow[]>({ queryKey: TEMPLATES_KEY, staleTime: 0 });
  if (templates.isError)
    return (
      <LoadErrorCard
        title="Failed to fetch e-mail templates"
        error={templates.error}
        heading="h2"
        onRetry={() => void templates.refetch()}
      />
    );
  if (templates.isPending) return <TableSkeleton rows={3} label="Loading templates" />;
  if (templates.data.length === 0) return <EmptyState title="No e-mail templates yet" />;
  return (
    <>
      <ul aria-label="E-mail templates" className="grid gap-3 sm:hidden">
        {templates.data.map((t) => (
          <li key={t.id} className="grid gap-1.5 rounded-xl border border-border p-4 text-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-words">{t.name}</p>
                <p className="text-xs text-muted-foreground">{t.templateType.replaceAll("_", " ")}</p>
              </div>
              <Badge variant={t.isActive ? "success" : "neutral"}>{t.isActive ? "Active" : "Off"}</Badge>
            </div>
            <p className="break-words text-muted-foreground">{t.subject}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-1 justify-self-start"
              onClick={() => onEdit(t)}
              aria-label={`Edit ${t.name}`}
            >
              <Pencil aria-hidden />
              Edit
            </Button>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table aria-label="E-mail templates">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Template</TableHead>
              <TableHead>Subject</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Updated</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {templates.data.map((t) => (
              <TableRow key={t.id} data-testid={`template-row-${t.id}`}>
                <TableCell className="min-w-48">
                  <p className="font-medium break-words">{t.name}</p>
                  <p className="text-xs text-muted-foreground">{t.templateType.replaceAll("_", " ")}</p>
                </TableCell>
                <TableCell className="min-w-56 max-w-96 break-words">{t.subject}</TableCell>
                <TableCell>
                  <Badge variant={t.isActive ? "success" : "neutral"}>{t.isActive ? "Active" : "Off"}</Badge>
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{formatDateGB(t.updatedAt)}</TableCell>
                <TableCell className="text-right">
                  <Button variant="ghost" size="sm" onClick={() => onEdit(t)} aria-label={`Edit ${t.name}`}>
                    <Pencil aria-hidden />
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

function CampaignSwitch({ campaign }: { campaign: EmailCampaignRow }) {
  const toggle = useMutation({
    mutationFn: async (isActive: boolean) =>
      await apiJson<EmailCampaignRow>("PUT", `/api/admin/email-campaigns/${campaign.id}`, { isActive }),
    onMutate: (isActive) => {
      queryClient.setQueryData<EmailCampaignRow[]>(CAMPAIGNS_KEY, (old) =>
        old?.map((c) => (c.id === campaign.id ? { ...c, isActive } : c)),
      );
    },
    onSuccess: (saved) =>
      queryClient.setQueryData<EmailCampaignRow[]>(CAMPAIGNS_KEY, (old) =>
        old?.map((c) => (c.id === saved.id ? saved : c)),
      ),
    onError: (error, isActive) => {
      queryClient.setQueryData<EmailCampaignRow[]>(CAMPAIGNS_KEY, (old) =>
        old?.map((c) => (c.id === campaign.id ? { ...c, isActive: !isActive } : c)),
      );
      toastCallError(EMAILS_MSG.updateCampaignFailed, error);
    },
  });
  return (
    <Switch
      checked={campaign.isActive}
      disabled={toggle.isPending}
      onCheckedChange={(v) => toggle.mutate(v)}
      aria-label={`${campaign.name}: ${campaign.isActive ? "on" : "off"}`}
    />
  );
}

function CampaignsTable({ onEdit }: { onEdit: (c: EmailCampaignRow) => void }) {
  const campaigns = useQuery<EmailCampaignRow[]>({ queryKey: CAMPAIGNS_KEY, staleTime: 0 });
  if (campaigns.isError)
    return (
      <LoadErrorCard
        title="Failed to fetch e-mail campaigns"
        error={campaigns.error}
        onRetry={() => void campaigns.refetch()}
      />
    );
  if (campaigns.isPending) return <TableSkeleton rows={3} label="Loading campaigns" />;
  if (campaigns.data.length === 0) return <EmptyState title="No e-mail campaigns yet" />;
  return (
    <>
      <ul aria-label="E-mail campaigns" className="grid gap-3 sm:hidden">
        {campaigns.data.map((c) => (
          <li key={c.id} className="grid gap-1.5 rounded-xl border border-border p-4 text-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-words">{c.name}</p>
                {c.description && (
                  <p className="text-xs break-words text-muted-foreground">{c.description}</p>
                )}
              </div>
              <CampaignSwitch campaign={c} />
            </div>
            <p className="text-muted-foreground">
              {CAMPAIGN_TRIGGERS[c.triggerType] ?? c.triggerType.replaceAll("_", " ")} ·{" "}
              {delayLabel(c.delayHours)}
            </p>
            <p className="break-words text-muted-foreground">Template: {c.templateName ?? "None"}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-1 justify-self-start"
              onClick={() => onEdit(c)}
              aria-label={`Edit ${c.name}`}
            >
              <Pencil aria-hidden />
              Edit
            </Button>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table aria-label="E-mail campaigns">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Campaign</TableHead>
              <TableHead>Trigger</TableHead>
              <TableHead>Delay</TableHead>
              <TableHead>Template</TableHead>
              <TableHead>On</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {campaigns.data.map((c) => (
              <TableRow key={c.id} data-testid={`campaign-row-${c.id}`}>
                <TableCell className="min-w-48 max-w-80">
                  <p className="font-medium break-words">{c.name}</p>
                  {c.description && (
                    <p className="text-xs break-words text-muted-foreground">{c.description}</p>
                  )}
                </TableCell>
                <TableCell className="min-w-40">
                  <p>{CAMPAIGN_TRIGGERS[c.triggerType] ?? c.triggerType.replaceAll("_", " ")}</p>
                  <p className="font-mono text-xs text-muted-foreground">{c.triggerType}</p>
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{delayLabel(c.delayHours)}</TableCell>
                <TableCell className="min-w-40 break-words">
                  {c.templateName ?? <span className="text-muted-foreground">None</span>}
                </TableCell>
                <TableCell>
                  <CampaignSwitch campaign={c} />
                </TableCell>
                <TableCell className="text-right">
                  <Button variant="ghost" size="sm" onClick={() => onEdit(c)} aria-label={`Edit ${c.name}`}>
                    <Pencil aria-hidden />
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

/** Second card of the Email Logs tab: the templates (edited with a preview) and the campaigns that send them. */
export function TemplatesSection() {
  const [template, setTemplate] = useState<EmailTemplateRow | null>(null);
  const [campaign, setCampaign] = useState<EmailCampaignRow | null>(null);
  const templates = useQuery<EmailTemplateRow[]>({ queryKey: TEMPLATES_KEY, staleTime: 0 }).data ?? [];
  return (
    <AdminSection
      title="Templates & Campaigns"
      description="Automatic e-mails: what each says, what starts it, and how long after. Members who opted out of marketing never receive campaigns."
    >
      <h3 className="mb-3 font-display text-lg font-medium">Templates</h3>
      <TemplatesTable onEdit={setTemplate} />
      <h3 className="mt-8 mb-3 font-display text-lg font-medium">Campaigns</h3>
      <CampaignsTable onEdit={setCampaign} />
      <TemplateDialog template={template} onOpenChange={(open) => !open && setTemplate(null)} />
      <CampaignDialog
        campaign={campaign}
        templates={templates}
        onOpenChange={(open) => !open && setCampaign(null)}
        onSaved={(saved) =>
          queryClient.setQueryData<EmailCampaignRow[]>(CAMPAIGNS_KEY, (old) =>
            old?.map((c) => (c.id === saved.id ? saved : c)),
          )
        }
      />
    </AdminSection>
  );
}
