import { EmailLogsSection } from "../../components/admin/emails/email-logs-section.tsx";
import { JobsCard } from "../../components/admin/emails/jobs-card.tsx";
import { TemplatesSection } from "../../components/admin/emails/templates-section.tsx";

/** The "emails" tab of /admin (Email Logs): the log with its exports, the scheduled jobs, then templates and campaigns. */
export default function EmailsTab() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <EmailLogsSection />
      <JobsCard />
      <TemplatesSection />
    </div>
  );
}
