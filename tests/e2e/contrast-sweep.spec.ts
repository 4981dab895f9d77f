import { expect, type Page, test } from "@playwright/test";
import { expectControlsSeen } from "./contrast.ts";
import { saveAcceptedPreferences, subscribeViaApi } from "./helpers.ts";
import { readyForScreenshot } from "./settle.ts";
import { newMember, signInAsAdmin } from "./sign-in.ts";

/**
 * Full run only (playwright.config.ts): every control seen, on the screens with the most kinds of control,
 * at phone and desktop width, light and dark: focus rings against what is behind them, the edges of fields,
 * switches, checkboxes and the availability grid, placeholders (tests/e2e/contrast.ts). Then no screen
 * scrolls sideways at 320 px (a phone, or 400 % zoom), back office included. Screenshots go to SHOTS_DIR.
 */

const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

interface Screen {
  name: string;
  who: "visitor" | "member" | "subscriber" | "admin";
  path: string;
  /** What shows the screen has drawn. */
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 15_000 });
};

const SCREENS: Screen[] = [
  { name: "landing", who: "visitor", path: "/", ready: heading(/./) },
  { name: "create-account", who: "visitor", path: "/auth?tab=register", ready: heading(/./) },
  { name: "gift", who: "visitor", path: "/gift", ready: heading(/./) },
  { name: "onboarding-1", who: "member", path: "/onboarding?step=1", ready: heading("Where are you based?") },
  {
    name: "onboarding-4",
    who: "member",
    path: "/onboarding?step=4",
    ready: heading("When are you usually free?"),
  },
  { name: "onboarding-6", who: "member", path: "/onboarding?step=6", ready: heading("A few last details") },
  { name: "settings-profile", who: "member", path: "/settings", ready: heading("Account Settings") },
  {
    name: "settings-notifications",
    who: "member",
    path: "/settings?tab=notifications",
    ready: heading("Account Settings"),
  },
  { name: "billing", who: "subscriber", path: "/billing", ready: heading(/./) },
  { name: "support", who: "member", path: "/support", ready: heading(/./) },
  { name: "admin-venues", who: "admin", path: "/admin?tab=venues", ready: heading(/./) },
  {
    name: "admin-analytics",
    who: "admin",
    path: "/admin?tab=analytics",
    ready: async (page) => {
      await expect(page.locator(".recharts-wrapper")).toHaveCount(2, { timeout: 15_000 });
      await expect(page.getByTestId("activity-item").first()).toBeVisible();
    },
  },
];

async function signIn(page: Page, who: Screen["who"]) {
  if (who === "visitor") return;
  if (who === "admin") return signInAsAdmin(page);
  await newMember(page);
  await saveAcceptedPreferences(page);
  if (who === "subscriber") await subscribeViaApi(page);
}

async function shot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  await readyForScreenshot(page);
  await page.screenshot({
    path: `${process.env.SHOTS_DIR}/${name}.png`,
    fullPage: name.startsWith("reflow"),
  });
}

test.describe.configure({ timeout: 180_000 });

for (const screen of SCREENS) {
  test(`every control seen on ${screen.name}, phone and desktop, light and dark`, async ({ page }) => {
    await signIn(page, screen.who);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        await page.goto(screen.path);
        await screen.ready(page);
        // A key pressed: the landing page's app boots on it, and focus moved by the check then shows
        // :focus-visible, as it would for a keyboard user.
        await page.keyboard.press("Shift");
        await page.waitForFunction(() => document.documentElement.hasAttribute("data-app-ready"));
        await expect(page.locator("html")).toHaveClass(
          colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
        );
        await expectControlsSeen(page, `${screen.name} at ${size.width} in ${colorScheme}`, { soft: true });
        await shot(page, `seen-${screen.name}-${size.width}-${colorScheme}`);
      }
    }
  });
}

test("no screen scrolls sideways at 320 px, the back office included", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const wider: string[] = [];
  let who: Screen["who"] = "visitor";
  // Visitors' screens first, then one member (with a plan) for theirs, then the admin.
  const order = ["visitor", "member", "subscriber", "admin"];
  for (const screen of [...SCREENS].sort((a, b) => order.indexOf(a.who) - order.indexOf(b.who))) {
    const needs = screen.who === "member" ? "subscriber" : screen.who;
    if (needs !== who) {
      who = needs;
      await signIn(page, who);
    }
    await page.goto(screen.path);
    await screen.ready(page);
    await readyForScreenshot(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) wider.push(`${screen.name}: ${overflow}px`);
    await shot(page, `reflow-320-${screen.name}`);
  }
  expect(wider).toEqual([]);
});

test("at 200 % text nothing runs off: the public header's Get Started, the landing page at phone width, Billing's Change bank details", async ({
  page,
}) => {
  // The reader's text size doubled (rem grows; the header's parts follow their width in rem).
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const style = document.createElement("style");
      style.textContent = "html{font-size:200%}";
      document.head.append(style);
    });
  });
  const runOff = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("a, button")]
        .filter((el) => el.getClientRects().length > 0 && !el.closest(".sr-only"))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          const card = el.parentElement?.closest<HTMLElement>("[class*='rounded-2xl'], header");
          const box = card?.getBoundingClientRect();
          return (
            r.right > window.innerWidth + 1 ||
            el.scrollWidth > el.clientWidth + 1 ||
            (box !== undefined && r.right > box.right + 1)
          );
        })
        .map((el) => el.textContent?.trim().slice(0, 40)),
    );
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // On a phone Get Started moves into the menu; where it is shown, it is whole and on the screen.
    const getStarted = page.locator("header").getByRole("link", { name: "Get Started" });
    if (await getStarted.isVisible()) {
      const box = await getStarted.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
    }
    if (size.name === "desktop") expect(await runOff()).toEqual([]);
    // Nothing sets the page wider than the screen: the ticket's veiled lines, the cards, the footer's address.
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await shot(page, `text-200-landing-${size.width}`);
  }
  await signIn(page, "subscriber");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/billing");
  await expect(page.getByTestId("change-bank-details")).toBeVisible({ timeout: 15_000 });
  expect(await runOff()).toEqual([]);
  await shot(page, "text-200-billing-1440");
});
