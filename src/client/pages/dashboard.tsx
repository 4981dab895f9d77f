import { Link } from "wouter";
import { PlaceholderPage } from "../components/placeholder-page.tsx";
import { Card } from "../components/ui/card.tsx";
import { useAuth } from "../lib/auth.ts";
import { planSummary } from "../lib/plan.ts";

/** The member's plan and its status, e.g. "Gold plan · Active", or a way to choose one. */
function PlanCard() {
  const { user } = useAuth();
  if (!user) return null;
  const plan = planSummary(user);
  return (
    <Card className="mt-8 flex flex-wrap items-center justify-between gap-3 p-5 text-surface-foreground">
      <div>
        <p className="text-xs font-semibold tracking-[0.18em] text-accent-text uppercase">Your plan</p>
        <p className="mt-1 font-display text-xl" data-testid="dashboard-plan">
          {plan ? `${plan.name} · ${plan.status}` : "No plan yet"}
        </p>
      </div>
      <Link
        href="/subscription"
        className="rounded-sm text-sm font-medium text-brand underline-offset-4 hover:underline"
      >
        {plan ? "View plan" : "Choose a plan"}
      </Link>
    </Card>
  );
}

export default function DashboardPage() {
  return (
    <PlaceholderPage
      eyebrow="Your dates"
      title="Dashboard"
      description={
        <>
          <p>Your upcoming mystery dates and past adventures will appear here.</p>
          <PlanCard />
        </>
      }
      action={{ href: "/settings", label: "Account settings" }}
    />
  );
}
