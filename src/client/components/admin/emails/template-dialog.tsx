import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useCallback } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  EMAILS_MSG,
  type EmailTemplateRow,
  fillTemplate,
  SAMPLE_PLACEHOLDER_VALUES,
  TEMPLATE_LIMITS,
  updateTemplateSchema,
} from "../../../../shared/admin/emails.ts";
import { adminEmailsApi } from "../../../../shared/contract/admin-emails.ts";
import { callIfMatch, invalidate, queryOf, storeAnswer } from "../../../lib/api.ts";
import { queryClient, toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useErrorSummary } from "../../../lib/use-error-summary.ts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { SummaryForm } from "../../ui/error-summary.tsx";
import { FormDialogFooter } from "../../ui/form-dialog-footer.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { Label } from "../../ui/label.tsx";
import { Switch } from "../../ui/switch.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/tabs.tsx";
import { TextareaField } from "../../ui/textarea-field.tsx";
import { HistorySection, StaleEditAlert, useTaggedEndpoint } from "../audit/stale-edit.tsx";
import { useDebounced } from "../common.tsx";
import { PlaceholderList } from "./placeholder-list.tsx";

/** Every template: the list's read, whose cached answer a save updates in place. */
export const templatesQuery = queryOf(adminEmailsApi.templates);

interface FormValues {
  subject: string;
  htmlContent: string;
  textContent: string;
  isActive: boolean;
}

/**
 * The preview renders the template's own HTML in a sandboxed frame: no scripts, no same-origin access, no
 * forms or navigation, so whatever the HTML contains cannot touch the back office.
 */
function Preview({ values }: { values: FormValues }) {
  const html = useDebounced(values.htmlContent, 300);
  const filled = fillTemplate(html, SAMPLE_PLACEHOLDER_VALUES, { html: true });
  return (
    <div className="flex min-h-0 flex-col gap-3">
      <div className="rounded-lg border border-border bg-muted/40 px-3 py-2 text-sm">
        <span className="text-muted-foreground">Subject: </span>
        <span className="font-medium break-words" data-testid="preview-subject">
          {fillTemplate(values.subject, SAMPLE_PLACEHOLDER_VALUES, { html: false })}
        </span>
      </div>
      <Tabs defaultValue="html" className="flex min-h-0 flex-1 flex-col">
        <TabsList aria-label="Preview format" className="max-w-64">
          <TabsTrigger value="html">HTML</TabsTrigger>
          <TabsTrigger value="text">Plain text</TabsTrigger>
        </TabsList>
        <TabsContent value="html" className="mt-3 flex-1">
          <iframe
            title="Preview of the HTML e-mail"
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={filled}
            className="h-[28rem] w-full rounded-lg border border-border bg-white lg:h-[34rem]"
            data-testid="template-preview"
          />
        </TabsContent>
        <TabsContent value="text" className="mt-3 flex-1">
          <pre
            className="h-[28rem] overflow-auto rounded-lg border border-border bg-surface p-4 font-sans text-sm whitespace-pre-wrap [overflow-wrap:anywhere] lg:h-[34rem]"
            data-testid="template-text-preview"
          >
            {values.textContent.trim()
              ? fillTemplate(values.textContent, SAMPLE_PLACEHOLDER_VALUES, { html: false })
              : "No plain-text body: mail programs that cannot show HTML get the text of the HTML body."}
          </pre>
        </TabsContent>
      </Tabs>
      <p className="text-xs text-muted-foreground">
        The preview fills placeholders with sample values (Alex Morgan). Scripts never run here or in mail.
      </p>
    </div>
  );
}

const formValues = (t: EmailTemplateRow): FormValues => ({
  subject: t.subject,
  htmlContent: t.htmlContent,
  textContent: t.textContent ?? "",
  isActive: t.isActive,
});

/**
 * The template as last read through its own GET (its ETag kept): the save sends it as If-Match, and a 412
 * keeps the operator's text in the form, says who changed the template, and offers Reload.
 */
function TemplateForm({ template, onDone }: { template: EmailTemplateRow; onDone: () => void }) {
  const params = { id: String(template.id) };
  const form = useForm<FormValues>({
    // The server's own rules; the client sends every field.
    resolver: zodResolver(updateTemplateSchema) as never,
    defaultValues: formValues(template),
    shouldFocusError: false,
  });
  const errorSummary = useErrorSummary(form, {
    subject: `template-subject-${template.id}`,
    htmlContent: `template-html-${template.id}`,
    textContent: `template-text-${template.id}`,
  });
  const onLoad = useCallback((t: EmailTemplateRow) => form.reset(formValues(t)), [form]);
  const tagged = useTaggedEndpoint(adminEmailsApi.template, { params }, true, onLoad);
  const values = useWatch({ control: form.control }) as FormValues;
  const save = useMutation({
    mutationFn: async (input: FormValues) =>
      await callIfMatch(adminEmailsApi.updateTemplate, { params, body: input }, tagged.etag),
    onSuccess: ({ data: saved, etag }) => {
      tagged.saved(saved, etag);
      storeAnswer(queryClient, templatesQuery.queryKey, (old) =>
        old?.map((t) => (t.id === saved.id ? saved : t)),
      );
      void invalidate(queryClient, adminEmailsApi.campaigns);
      toast({ title: EMAILS_MSG.templateUpdated, description: saved.name, variant: "success" });
      onDone();
    },
    onError: (error) => {
      if (tagged.staleFrom(error)) return;
      // Beside each field and in the summary, which takes focus; the toast repeats it.
      errorSummary.showCallError(error);
      toastCallError(EMAILS_MSG.updateTemplateFailed, error);
    },
  });
  const errors = form.formState.errors;

  return (
    <SummaryForm
      summary={errorSummary.summary}
      onSubmit={errorSummary.handleSubmit((v) => {
        if (!save.isPending) save.mutate(v);
      })}
      className="flex min-h-0 flex-col"
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          <FormField
            label="Subject"
            maxLength={TEMPLATE_LIMITS.subjectMax}
            error={errors.subject?.message}
            id={`template-subject-${template.id}`}
            {...form.register("subject")}
          />
          <TextareaField
            label="HTML body"
            rows={12}
            spellCheck={false}
            className="[&_textarea]:font-mono [&_textarea]:text-xs"
            error={errors.htmlContent?.message}
            id={`template-html-${template.id}`}
            {...form.register("htmlContent")}
          />
          <TextareaField
            label="Plain-text body"
            rows={6}
            hint="Optional: what mail programs that cannot show HTML display."
            error={errors.textContent?.message}
            id={`template-text-${template.id}`}
            {...form.register("textContent")}
          />
          <div className="flex items-center gap-3">
            <Switch
              id={`template-active-${template.id}`}
              checked={values.isActive}
              onCheckedChange={(v) => form.setValue("isActive", v, { shouldDirty: true })}
            />
            <Label htmlFor={`template-active-${template.id}`}>Active (campaigns may send it)</Label>
          </div>
          <PlaceholderList />
        </div>
        <Preview values={values} />
      </div>
      {tagged.stale && (
        <div className="mt-4">
          <StaleEditAlert
            message={tagged.stale}
            reloading={tagged.loading}
            onReload={() => void tagged.reload()}
          />
        </div>
      )}
      <FormDialogFooter
        pending={save.isPending}
        submitDisabled={tagged.loading || !tagged.etag}
        onCancel={onDone}
        label="Save template"
      />
      <div className="mt-4">
        <HistorySection entity="template" entityId={template.id} />
      </div>
    </SummaryForm>
  );
}

/** Edit a template's subject and bodies beside a live, sandboxed preview. */
export function TemplateDialog({
  template,
  onOpenChange,
}: {
  template: EmailTemplateRow | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={template !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-6xl">
        {template && (
          <>
            <DialogHeader className="mb-5">
              <DialogTitle>Edit template</DialogTitle>
              <DialogDescription>{template.name}</DialogDescription>
            </DialogHeader>
            <TemplateForm key={template.id} template={template} onDone={() => onOpenChange(false)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
