/**
 * One wording of the cooling-off rule: every place that states it takes COOLING_OFF_RULE from
 * src/shared/cooling-off.ts (the docs quote it word for word), and no place keeps a wording of its own.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FAQ_ITEMS } from "../../src/client/components/landing/faq.tsx";
import { TERMS } from "../../src/client/content/terms.ts";
import { planCancelledEmail } from "../../src/server/modules/email/plan-mails.ts";
import { subscriptionConfirmedEmail } from "../../src/server/modules/email/templates.ts";
import { COOLING_OFF_RULE } from "../../src/shared/cooling-off.ts";
import { FAILED_PAYMENT_RULE } from "../../src/shared/payment-recovery.ts";

const root = path.resolve(import.meta.dirname, "../..");
const read = (p: string) => readFileSync(path.join(root, p), "utf8");
const flat = (s: string) => s.replace(/\s+/g, " ");

/** Every file that states the rule to a member. */
const STATING = [
  "src/client/content/terms.ts",
  "src/features/subscriptions/client/settings/cancel-dialog.tsx",
  "src/client/components/landing/faq.tsx",
  "src/client/components/onboarding/terms-dialog.tsx",
  "src/server/modules/email/templates.ts",
  "src/server/modules/email/plan-mails.ts",
];

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return sources(rel);
    return /\.(ts|tsx)$/.test(name) ? [rel] : [];
  });
}

describe("the cooling-off rule", () => {
  it("is stated from the one constant in every place that states it", () => {
    for (const file of STATING) {
      const text = read(file);
      expect(text, file).toMatch(
        /import \{[^}]*\bCOOLING_OFF_RULE\b[^}]*\} from "[./]+\/shared\/cooling-off\.ts"/,
      );
      expect(text.split("COOLING_OFF_RULE").length, file).toBeGreaterThan(2);
    }
  });

  it("uses the policy's figure and reads the same in the docs", () => {
    expect(COOLING_OFF_RULE).toContain("Within 14 days of your plan starting");
    expect(flat(read("docs/product.md"))).toContain(COOLING_OFF_RULE);
  });

  it("is the text the Terms, the questions, the onboarding summary and the e-mails show", () => {
    const terms = TERMS.sections.flatMap((s) => s.blocks.filter((b) => typeof b === "string")).join(" ");
    expect(terms).toContain(COOLING_OFF_RULE);
    // The failed-payment rule likewise has one wording (Terms and Settings).
    expect(terms).toContain(FAILED_PAYMENT_RULE);
    expect(FAQ_ITEMS.map((i) => i.a).join(" ")).toContain(COOLING_OFF_RULE);
    expect(
      flat(
        subscriptionConfirmedEmail(
          "Sam",
          { name: "Gold", monthlyPence: 2000, fullPence: 2000, discountMonths: null },
          "http://x",
          new Date(),
        ).text,
      ),
    ).toContain(COOLING_OFF_RULE);
    const account = {
      tier: null,
      next: null,
      endsAt: new Date(),
      coveredUntil: null,
      pause: null,
      cycles: [],
    };
    const mail = planCancelledEmail(
      { firstName: "Sam", holderName: null, byName: null, account, appUrl: "http://x" },
      2000,
    );
    expect(flat(mail.text)).toContain(COOLING_OFF_RULE);
  });

  it("has no other wording anywhere in the sources", () => {
    const own =
      /cooling-off period with|within \$\{POLICY\.coolingOffDays\}|\d+-day cooling-off|days of joining/i;
    const offenders = [
      ...sources("src/app"),
      ...sources("src/client"),
      ...sources("src/server"),
      ...sources("src/features").filter((f) => !/^src\/features\/[^/]+\/(tests|e2e)\//.test(f)),
    ].filter((f) => own.test(read(f)));
    expect(offenders).toEqual([]);
  });
});
