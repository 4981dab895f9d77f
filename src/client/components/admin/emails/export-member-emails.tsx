import { ChevronDown, Mails } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { EMAIL_EXPORT_OPTIONS, EMAILS_MSG } from "../../../../shared/admin/emails.ts";
import { adminEmailsApi } from "../../../../shared/contract/admin-emails.ts";
import { call } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { toastCallError } from "../../../lib/queryClient.ts";
import { toast } from "../../../lib/toast.ts";
import { useSingleFlightTask } from "../../../lib/use-single-flight.ts";
import { Button } from "../../ui/button.tsx";
import { MENU_CONTENT_CLASS, MENU_ITEM_CLASS } from "../../ui/menu-styles.ts";
import { saveBlob, todayStamp } from "../common.tsx";

/** One address per line under an "email" heading; a cell a spreadsheet would run as a formula is made text (the same rule as the server's FORMULA_LIKE in src/server/modules/admin/spreadsheet.ts). */
export function emailsCsv(emails: string[]): string {
  const cell = (v: string) => {
    const safe = /^(?:[\s']*[=+\-@]|'*[\t\r])/.test(v) ? `'${v}` : v;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return `email\r\n${emails.map(cell).join("\r\n")}\r\n`;
}

type ExportOption = (typeof EMAIL_EXPORT_OPTIONS)[number];

/** Each option's marketing choice as the endpoint's query takes it (none: every member). */
const MARKETING_OPT_OUT = {
  all: undefined,
  marketing: "false",
  "opted-out": "true",
} as const satisfies Record<ExportOption["id"], "true" | "false" | undefined>;

/** Export Member Emails: All Emails, Marketing Opted-In or Opted-Out, downloaded as a .csv. */
export function ExportMemberEmails() {
  const { pending, run } = useSingleFlightTask(async (option: ExportOption) => {
    try {
      const data = await call(adminEmailsApi.memberEmails, {
        query: { marketingOptOut: MARKETING_OPT_OUT[option.id] },
      });
      const name = `${option.file}-${todayStamp()}.csv`;
      saveBlob(new Blob([emailsCsv(data.emails)], { type: "text/csv;charset=utf-8" }), name);
      toast({
        title: "Export Successful",
        description: `${data.count.toLocaleString("en-GB")} address${data.count === 1 ? "" : "es"} (${option.label}) downloaded as ${name}`,
      });
    } catch (error) {
      toastCallError(EMAILS_MSG.exportEmailsFailed, error);
    }
  });

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" disabled={pending}>
          <Mails aria-hidden />
          {pending ? "Exporting..." : "Export Member Emails"}
          <ChevronDown aria-hidden className="opacity-60" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={cn(MENU_CONTENT_CLASS, "min-w-52")}>
          {EMAIL_EXPORT_OPTIONS.map((option) => (
            <DropdownMenu.Item key={option.id} onSelect={() => run(option)} className={MENU_ITEM_CLASS}>
              {option.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
