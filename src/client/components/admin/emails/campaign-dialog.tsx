import { useMutation } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import {
  CAMPAIGN_DELAY_MAX_HOURS,
  EMAILS_MSG,
  type EmailCampaignRow,
  type EmailTemplateRow,
  updateCampaignSchema,
} from "../../../../shared/admin/emails.ts";
import { adminEmailsApi } from "../../../../shared/contract/admin-emails.ts";
import { callIfMatch } from "../../../lib/api.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useRefusalSummary } from "../../../lib/use-error-summary.ts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { focusField, SummaryForm } from "../../ui/error-summary.tsx";
import { FormDialogFooter } from "../../ui/form-dialog-footer.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { Label } from "../../ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../ui/select.tsx";
import { HistorySection, StaleEditAlert, useTaggedEndpoint } from "../audit/stale-edit.tsx";

/**
 * The campaign as last read through its own GET (its ETag kept): the save sends it as If-Match, and a 412 keeps
 * the operator's choices, says who changed the campaign, and offers Reload.
 */
function CampaignForm({
  campaign,
  templates,
  onSaved,
  onCancel,
}: {
  campaign: EmailCampaignRow;
  templates: EmailTemplateRow[];
  onSaved: (c: EmailCampaignRow) => void;
  onCancel: () => void;
}) {
  const [delay, setDelay] = useState(String(campaign.delayHours));
  const [templateId, setTemplateId] = useState(campaign.templateId ? String(campaign.templateId) : "");
  const [error, setError] = useState<string | undefined>();
  const refusal = useRefusalSummary();
  const delayId = `campaign-delay-${campaign.id}`;
  const params = { id: String(campaign.id) };
  const onLoad = useCallback((c: EmailCampaignRow) => {
    setDelay(String(c.delayHours));
    setTemplateId(c.templateId ? String(c.templateId) : "");
  }, []);
  const tagged = useTaggedEndpoint(adminEmailsApi.campaign, { params }, true, onLoad);
  const save = useMutation({
    mutationFn: async (input: { delayHours: number; templateId?: number }) =>
      await callIfMatch(adminEmailsApi.updateCampaign, { params, body: input }, tagged.etag),
    onSuccess: ({ data: saved, etag }) => {
      tagged.saved(saved, etag);
      toast({ title: EMAILS_MSG.campaignUpdated, description: saved.name, variant: "success" });
      onSaved(saved);
    },
    onError: (e) => {
      if (tagged.staleFrom(e)) return;
      // In the summary at the top, which takes focus; the toast repeats it.
      refusal.showCallError(e);
      toastCallError(EMAILS_MSG.updateCampaignFailed, e);
    },
  });

  return (
    <SummaryForm
      summary={refusal.summary}
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (save.isPending) return;
        const parsed = updateCampaignSchema.safeParse({
          delayHours: delay.trim() === "" ? Number.NaN : Number(delay),
          ...(templateId ? { templateId: Number(templateId) } : {}),
        });
        refusal.clear();
        if (!parsed.success) {
          // One field: focus goes to it, its message beside it.
          setError(parsed.error.issues[0]?.message);
          focusField(delayId);
          return;
        }
        setError(undefined);
        save.mutate(parsed.data as { delayHours: number; templateId?: number });
      }}
    >
      <FormField
        id={delayId}
        label="Delay (hours after the trigger)"
        type="number"
        inputMode="numeric"
        min={0}
        max={CAMPAIGN_DELAY_MAX_HOURS}
        step={1}
        value={delay}
        onChange={(e) => setDelay(e.target.value)}
        error={error}
        hint="0 sends at once; 24 a day later; 168 a week later."
      />
      <div className="grid gap-2">
        <Label htmlFor={`campaign-template-${campaign.id}`}>Template</Label>
        <Select value={templateId} onValueChange={setTemplateId}>
          <SelectTrigger id={`campaign-template-${campaign.id}`}>
            <SelectValue placeholder="Choose a template" />
          </SelectTrigger>
          <SelectContent>
            {templates.map((t) => (
              <SelectItem key={t.id} value={String(t.id)}>
                {t.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {tagged.stale && (
        <StaleEditAlert
          message={tagged.stale}
          reloading={tagged.loading}
          onReload={() => void tagged.reload()}
        />
      )}
      <FormDialogFooter
        pending={save.isPending}
        submitDisabled={tagged.loading || !tagged.etag}
        onCancel={onCancel}
        label="Save campaign"
      />
      <HistorySection entity="campaign" entityId={campaign.id} />
    </SummaryForm>
  );
}

/** Change when a campaign sends (hours after its trigger) and which template it uses. */
export function CampaignDialog({
  campaign,
  templates,
  onOpenChange,
  onSaved,
}: {
  campaign: EmailCampaignRow | null;
  templates: EmailTemplateRow[];
  onOpenChange: (open: boolean) => void;
  onSaved: (c: EmailCampaignRow) => void;
}) {
  return (
    <Dialog open={campaign !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {campaign && (
          <>
            <DialogHeader className="mb-5">
              <DialogTitle>Edit campaign</DialogTitle>
              <DialogDescription>{campaign.name}</DialogDescription>
            </DialogHeader>
            <CampaignForm
              key={campaign.id}
              campaign={campaign}
              templates={templates}
              onSaved={(c) => {
                onSaved(c);
                onOpenChange(false);
              }}
              onCancel={() => onOpenChange(false)}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
