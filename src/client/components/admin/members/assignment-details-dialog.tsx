import { CalendarClock, Check, Copy } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { AdminAssignment } from "../../../../shared/admin/assignments.ts";
import { memberName } from "../../../../shared/admin/members.ts";
import { statusText } from "../../../lib/labels.ts";
import { toast } from "../../../lib/toast.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { AssignmentHistory, EveningPanel } from "../assignments/evening-panel.tsx";
import { MoveDateDialog } from "../assignments/move-date-dialog.tsx";
import { RuleFix } from "../assignments/rule-fix.tsx";
import { dateIsOpen, VenueBookingPanel } from "../assignments/venue-booking-panel.tsx";
import { ClueEditor } from "../clues/clue-editor.tsx";
import { formatDateTimeGB } from "../common.tsx";
import { OverrideRecord } from "./override-record.tsx";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      <dl className="grid gap-2.5">{children}</dl>
    </section>
  );
}

const hoursText = (h: number) => `${h} hour${h === 1 ? "" : "s"}`;

async function copyId(id: number) {
  try {
    await navigator.clipboard.writeText(String(id));
    toast({ title: "Copied", description: `Assignment ID ${id} is on the clipboard.` });
  } catch {
    toast({ title: "Couldn't copy", description: `The ID is ${id}.`, variant: "destructive" });
  }
}

/**
 * View: everything about one assignment, with Copy ID (spec section 2); the venue's side with what an operator
 * records for it, and Move date. `onChanged` receives the date as it stands after an action taken here.
 */
export function AssignmentDetailsDialog({
  assignment,
  onClose,
  onChanged,
}: {
  assignment: AdminAssignment | null;
  onClose: () => void;
  onChanged?: (updated: AdminAssignment) => void;
}) {
  const a = assignment;
  const [moving, setMoving] = useState(false);
  return (
    <Dialog open={a !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        {a && (
          <>
            <DialogHeader>
              <DialogTitle>Assignment details</DialogTitle>
              <DialogDescription>
                ID {a.id} · {a.user ? memberName(a.user) : `Member ${a.userId}`}
              </DialogDescription>
            </DialogHeader>
            <div className="mt-6 grid gap-6">
              <Section title="Assignment">
                <Row term="Member">
                  {a.user ? (
                    <>
                      {memberName(a.user)}
                      <span className="block text-muted-foreground">{a.user.email}</span>
                    </>
                  ) : (
                    `Member ${a.userId}`
                  )}
                </Row>
                <Row term="Status">
                  <Badge>{statusText(a.status)}</Badge>
                </Row>
                <Row term="Scheduled date">
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
                    <span className="tabular-nums">{formatDateTimeGB(a.scheduledDate)}</span>
                    {dateIsOpen(a) && (
                      <Button variant="outline" size="sm" className="min-h-8" onClick={() => setMoving(true)}>
                        <CalendarClock aria-hidden />
                        Move date
                      </Button>
                    )}
                  </span>
                </Row>
                <Row term="Created">{formatDateTimeGB(a.createdAt)}</Row>
              </Section>
              {a.ruleProblems.length > 0 && (
                <section
                  className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3.5"
                  aria-labelledby={`rules-now-${a.id}`}
                  data-testid="rule-problems-panel"
                >
                  <h3 id={`rules-now-${a.id}`} className="text-sm font-semibold text-destructive-text">
                    Breaks {a.ruleProblems.length === 1 ? "a rule" : `${a.ruleProblems.length} rules`} since
                    it was booked
                  </h3>
                  <RuleFix assignment={a} onChanged={onChanged} />
                </section>
              )}
              {a.venueId !== null && <VenueBookingPanel key={a.id} assignment={a} onChanged={onChanged} />}
              {a.override && (
                <section className="grid gap-3">
                  <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                    Override
                  </h3>
                  <OverrideRecord override={a.override} />
                </section>
              )}
              {a.matchReasons && a.matchReasons.length > 0 && (
                <section className="grid gap-3" aria-labelledby={`why-${a.id}`}>
                  <h3
                    id={`why-${a.id}`}
                    className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
                  >
                    Why this date
                  </h3>
                  <ul className="grid gap-1.5 rounded-lg border border-border bg-muted/40 p-3 text-sm">
                    {a.matchReasons.map((r) => (
                      <li key={r} className="flex gap-2">
                        <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-text" />
                        <span className="min-w-0 break-words">{r}</span>
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              <Section title="Date idea">
                {a.dateIdea ? (
                  <>
                    <Row term="Title">{a.dateIdea.title}</Row>
                    {a.dateIdea.description && <Row term="Description">{a.dateIdea.description}</Row>}
                    <Row term="Category">{statusText(a.dateIdea.category)}</Row>
                    <Row term="Duration">{hoursText(a.dateIdea.duration)}</Row>
                    <Row term="Time of day">{statusText(a.dateIdea.timeOfDay)}</Row>
                  </>
                ) : (
                  <p className="text-sm text-muted-foreground">No date idea chosen yet.</p>
                )}
              </Section>
              <Section title="Venue">
                {a.venue ? (
                  <>
                    <Row term="Name">{a.venue.name}</Row>
                    <Row term="City">{a.venue.city}</Row>
                    <Row term="Type">{statusText(a.venue.type)}</Row>
                    {a.venue.address && <Row term="Address">{a.venue.address}</Row>}
                  </>
                ) : (
                  <p className="text-sm text-muted-foreground">No venue.</p>
                )}
              </Section>
              <section className="grid gap-3" aria-labelledby={`clues-${a.id}`}>
                <h3
                  id={`clues-${a.id}`}
                  className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
                >
                  Clues
                </h3>
                <p className="text-sm text-muted-foreground">
                  Teasers members see before the reveal, each from its unlock time. Never name the venue, its
                  address or the idea.
                </p>
                <ClueEditor assignmentId={a.id} />
              </section>
              {(a.rating !== null || a.feedback) && (
                <Section title="Feedback">
                  {a.rating !== null && <Row term="Rating">{a.rating} / 5</Row>}
                  {a.feedback && <Row term="Feedback">“{a.feedback}”</Row>}
                </Section>
              )}
              <EveningPanel key={`evening-${a.id}`} assignment={a} onChanged={onChanged} />
              <AssignmentHistory key={`history-${a.id}`} id={a.id} />
              <div className="flex justify-end">
                <Button variant="outline" onClick={() => void copyId(a.id)}>
                  <Copy aria-hidden />
                  Copy ID
                </Button>
              </div>
            </div>
            <MoveDateDialog
              key={`${a.id}-${a.scheduledDate}-${a.venueId}`}
              assignment={a}
              open={moving}
              onOpenChange={setMoving}
              onMoved={onChanged}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
