import { useMutation, useQuery } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { type ReactNode, useState } from "react";
import {
  CAMPAIGN_TRIGGERS,
  EMAILS_MSG,
  type EmailCampaignRow,
  type EmailTemplateRow,
} from "../../../../shared/admin/emails.ts";
import { adminEmailsApi } from "../../../../shared/contract/admin-emails.ts";
import { call, queryOf, storeAnswer } from "../../../lib/api.ts";
import { queryClient, toastCallError } from "../../../lib/queryClient.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Switch } from "../../ui/switch.tsx";
import { TableCell, TableHead, TableRow } from "../../ui/table.tsx";
import { AdminSection, formatDateGB } from "../common.tsx";
import { ShortList } from "../short-list.tsx";
import { CampaignDialog } from "./campaign-dialog.tsx";
import { TemplateDialog, templatesQuery } from "./template-dialog.tsx";

const campaignsQuery = queryOf(adminEmailsApi.campaigns);

/** "At once", "24 hours (1 day)", "30 hours". */
export function delayLabel(hours: number): string {
  if (hours === 0) return "At once";
  const h = `${hours} hour${hours === 1 ? "" : "s"}`;
  if (hours % 24 !== 0) return h;
  const days = hours / 24;
  return `${h} (${days} day${days === 1 ? "" : "s"})`;
}

/** Edit on a card (outlined, under the lines) or in a table row (ghost, at the right). */
function EditButton({ name, onEdit, card }: { name: string; onEdit: () => void; card?: boolean }) {
  return (
    <Button
      variant={card ? "outline" : "ghost"}
      size="sm"
      className={card ? "mt-1 justify-self-start" : undefined}
      onClick={onEdit}
      aria-label={`Edit ${name}`}
    >
      <Pencil aria-hidden />
      Edit
    </Button>
  );
}

/** A phone card: the name over its second line with `aside` on the right, then the card's lines and Edit. */
function ItemCard({
  name,
  second,
  aside,
  onEdit,
  children,
}: {
  name: string;
  second: ReactNode;
  aside: ReactNode;
  onEdit: () => void;
  children: ReactNode;
}) {
  return (
    <li className="grid gap-1.5 rounded-xl border border-border p-4 text-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words">{name}</p>
          {second}
        </div>
        {aside}
      </div>
      {children}
      <EditButton name={name} onEdit={onEdit} card />
    </li>
  );
}

const typeLine = (t: EmailTemplateRow) => (
  <p className="text-xs text-muted-foreground">{t.templateType.replaceAll("_", " ")}</p>
);
const activeBadge = (t: EmailTemplateRow) => (
  <Badge variant={t.isActive ? "success" : "neutral"}>{t.isActive ? "Active" : "Off"}</Badge>
);

function TemplatesTable({ onEdit }: { onEdit: (t: EmailTemplateRow) => void }) {
  const templates = useQuery({ ...templatesQuery, staleTime: 0 });
  return (
    <ShortList
      query={templates}
      label="E-mail templates"
      errorTitle="Failed to fetch e-mail templates"
      loadingLabel="Loading templates"
      emptyTitle="No e-mail templates yet"
      head={
        <>
          <TableHead>Template</TableHead>
          <TableHead>Subject</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Updated</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </>
      }
      card={(t) => (
        <ItemCard
          key={t.id}
          name={t.name}
          second={typeLine(t)}
          aside={activeBadge(t)}
          onEdit={() => onEdit(t)}
        >
          <p className="break-words text-muted-foreground">{t.subject}</p>
        </ItemCard>
      )}
      row={(t) => (
        <TableRow key={t.id} data-testid={`template-row-${t.id}`}>
          <TableCell className="min-w-48">
            <p className="font-medium break-words">{t.name}</p>
            {typeLine(t)}
          </TableCell>
          <TableCell className="min-w-56 max-w-96 break-words">{t.subject}</TableCell>
          <TableCell>{activeBadge(t)}</TableCell>
          <TableCell className="whitespace-nowrap tabular-nums">{formatDateGB(t.updatedAt)}</TableCell>
          <TableCell className="text-right">
            <EditButton name={t.name} onEdit={() => onEdit(t)} />
          </TableCell>
        </TableRow>
      )}
    />
  );
}

function CampaignSwitch({ campaign }: { campaign: EmailCampaignRow }) {
  const toggle = useMutation({
    mutationFn: async (isActive: boolean) =>
      await call(adminEmailsApi.updateCampaign, {
        params: { id: String(campaign.id) },
        body: { isActive },
      }),
    onMutate: (isActive) => {
      storeAnswer(queryClient, campaignsQuery.queryKey, (old) =>
        old?.map((c) => (c.id === campaign.id ? { ...c, isActive } : c)),
      );
    },
    onSuccess: (saved) =>
      storeAnswer(queryClient, campaignsQuery.queryKey, (old) =>
        old?.map((c) => (c.id === saved.id ? saved : c)),
      ),
    onError: (error, isActive) => {
      storeAnswer(queryClient, campaignsQuery.queryKey, (old) =>
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

const descriptionLine = (c: EmailCampaignRow) =>
  c.description && <p className="text-xs break-words text-muted-foreground">{c.description}</p>;
const triggerLabel = (c: EmailCampaignRow) =>
  CAMPAIGN_TRIGGERS[c.triggerType] ?? c.triggerType.replaceAll("_", " ");

function CampaignsTable({ onEdit }: { onEdit: (c: EmailCampaignRow) => void }) {
  const campaigns = useQuery({ ...campaignsQuery, staleTime: 0 });
  return (
    <ShortList
      query={campaigns}
      label="E-mail campaigns"
      errorTitle="Failed to fetch e-mail campaigns"
      loadingLabel="Loading campaigns"
      emptyTitle="No e-mail campaigns yet"
      head={
        <>
          <TableHead>Campaign</TableHead>
          <TableHead>Trigger</TableHead>
          <TableHead>Delay</TableHead>
          <TableHead>Template</TableHead>
          <TableHead>On</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </>
      }
      card={(c) => (
        <ItemCard
          key={c.id}
          name={c.name}
          second={descriptionLine(c)}
          aside={<CampaignSwitch campaign={c} />}
          onEdit={() => onEdit(c)}
        >
          <p className="text-muted-foreground">
            {triggerLabel(c)} · {delayLabel(c.delayHours)}
          </p>
          <p className="break-words text-muted-foreground">Template: {c.templateName ?? "None"}</p>
        </ItemCard>
      )}
      row={(c) => (
        <TableRow key={c.id} data-testid={`campaign-row-${c.id}`}>
          <TableCell className="min-w-48 max-w-80">
            <p className="font-medium break-words">{c.name}</p>
            {descriptionLine(c)}
          </TableCell>
          <TableCell className="min-w-40">
            <p>{triggerLabel(c)}</p>
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
            <EditButton name={c.name} onEdit={() => onEdit(c)} />
          </TableCell>
        </TableRow>
      )}
    />
  );
}

/** Second card of the Email Logs tab: the templates (edited with a preview) and the campaigns that send them. */
export function TemplatesSection() {
  const [template, setTemplate] = useState<EmailTemplateRow | null>(null);
  const [campaign, setCampaign] = useState<EmailCampaignRow | null>(null);
  const templates = useQuery({ ...templatesQuery, staleTime: 0 }).data ?? [];
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
          storeAnswer(queryClient, campaignsQuery.queryKey, (old) =>
            old?.map((c) => (c.id === saved.id ? saved : c)),
          )
        }
      />
    </AdminSection>
  );
}
