import { expect, type Page, test } from "@playwright/test";
import { openLandingApp } from "./helpers.ts";
import { watchRequests } from "./settle.ts";
import { newMember } from "./sign-in.ts";

/** Waits until the app has taken over the prerendered page (App sets the attribute once running). */
async function gotoLanding(page: Page, path = "/") {
  await openLandingApp(page, path);
}

interface JsonLdOffer {
  "@type": string;
  price: number;
  priceCurrency: string;
  url: string;
}

/** Every schema.org Offer anywhere in the structured data. */
function offersIn(data: unknown): JsonLdOffer[] {
  if (Array.isArray(data)) return data.flatMap(offersIn);
  if (!data || typeof data !== "object") return [];
  const self = (data as { "@type"?: string })["@type"] === "Offer" ? [data as JsonLdOffer] : [];
  return [...self, ...Object.values(data).flatMap(offersIn)];
}

test.describe("landing page", () => {
  test("has its sections in order, reachable from the header's anchors", async ({ page }) => {
    await gotoLanding(page);
    const order = await page.evaluate(() => {
      const main = document.querySelector("main")!;
      const marks: [string, Element | null][] = [
        ["hero", document.querySelector("h1")],
        ["how-it-works", document.getElementById("how-it-works")],
        ["pricing", document.getElementById("pricing")],
        ["experiences", document.getElementById("experiences")],
        ["testimonials", document.getElementById("testimonials")],
        ["faq", document.getElementById("faq")],
        ["cta", document.getElementById("cta-heading")],
        ["footer", document.querySelector("footer")],
      ];
      const all = Array.from(main.querySelectorAll("*"));
      return marks
        .map(([name, el]) => [name, el ? all.indexOf(el) : -1] as const)
        .sort((a, b) => a[1] - b[1])
        .map(([name, index]) => (index < 0 ? `${name}:missing` : name));
    });
    expect(order).toEqual([
      "hero",
      "how-it-works",
      "pricing",
      "experiences",
      "testimonials",
      "faq",
      "cta",
      "footer",
    ]);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Your next evening together, unveiled 48 hours before.",
    );
    await expect(page.locator("#testimonials")).toContainText("Reviews");
    await expect(page.locator("#testimonials").getByRole("heading", { level: 2 })).toHaveText(
      "What couples can expect",
    );
    await expect(page.locator("#pricing").getByText("Most Popular")).toBeVisible();
    for (const claim of ["Personalised to your location and budget", "Curated by relationship experts"]) {
      await expect(page.locator("section").first().getByText(claim)).toBeVisible();
    }
    for (const kind of ["Culinary", "Active and adventure", "Live music", "Bars", "Culture", "Wellness"]) {
      await expect(page.locator("#experiences").getByRole("heading", { name: kind })).toBeVisible();
    }

    const nav = page.getByRole("navigation", { name: "Main" });
    const anchors = [
      ["How it works", "/#how-it-works"],
      ["Pricing", "/#pricing"],
      ["Reviews", "/#testimonials"],
      ["FAQ", "/#faq"],
    ] as const;
    for (const [name, href] of anchors) {
      await expect(nav.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    await nav.getByRole("link", { name: "Reviews" }).click();
    await expect(page).toHaveURL("/#testimonials");
    await expect(page.getByRole("heading", { name: "What couples can expect" })).toBeInViewport();
  });

  test("the hero and closing buttons go to sign-up, and Gold's Let's Go! carries the plan", async ({
    page,
  }) => {
    await gotoLanding(page);
    await page.getByRole("link", { name: "Start Your Mystery Journey" }).click();
    await expect(page).toHaveURL("/auth?tab=register");
    await expect(page.getByRole("tab", { name: "Create Account" })).toHaveAttribute("aria-selected", "true");

    await gotoLanding(page);
    await page.getByRole("link", { name: "Start Your Adventure" }).click();
    await expect(page).toHaveURL("/auth?tab=register");

    await gotoLanding(page);
    const gold = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Gold" }) });
    await expect(gold.getByText("£20")).toBeVisible();
    await gold.getByRole("link", { name: /Let's Go!/ }).click();
    await expect(page).toHaveURL("/auth?tier=gold");
    await expect(page.getByText("You chose the Gold plan — £20/month")).toBeVisible();

    await gotoLanding(page);
    for (const tier of ["silver", "platinum"]) {
      await expect(page.locator(`a[href="/auth?tier=${tier}"]`)).toHaveText("Let's Go!");
    }
  });

  test("the FAQ opens one answer at a time and can close it again", async ({ page }) => {
    await gotoLanding(page);
    const faq = page.locator("#faq");
    const first = faq.getByRole("button", { name: "How does the reveal work?" });
    const second = faq.getByRole("button", { name: "Can we cancel?" });
    await expect(first).toHaveAttribute("aria-expanded", "false");

    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(faq.getByText("revealed 48 hours before")).toBeVisible();

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(faq.getByText("end of the current billing cycle")).toBeVisible();

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(faq.locator('[data-state="open"]')).toHaveCount(0);
  });

  for (const [name, lastHeading, phrase] of [
    ["Terms & Conditions", "17. Complaints and the law", "governed by English law"],
    ["Privacy Policy", "11. Changes and contact", "Your bank details stay with the payment provider"],
  ] as const) {
    test(`the footer's ${name} opens in a dialog that scrolls and closes with Escape`, async ({ page }) => {
      await gotoLanding(page);
      const trigger = page.locator("footer").getByRole("button", { name });
      await trigger.click();
      const dialog = page.getByRole("dialog", { name });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(phrase)).toBeVisible();

      const text = dialog.getByTestId("legal-text");
      const sizes = await text.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
      expect(sizes.scroll).toBeGreaterThan(sizes.client);
      await expect(dialog.getByRole("heading", { name: lastHeading })).not.toBeInViewport();
      await text.hover();
      await page.mouse.wheel(0, 20_000);
      await expect(dialog.getByRole("heading", { name: lastHeading })).toBeInViewport();
      expect(await text.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    });
  }

  test("the footer links to the sections, by e-mail and to the social profile", async ({ page }) => {
    await gotoLanding(page);
    const footer = page.locator("footer");
    for (const [name, href] of [
      ["How it works", "/#how-it-works"],
      ["Pricing", "/#pricing"],
      ["FAQ", "/#faq"],
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer.getByRole("link", { name: "hello@unveil.date" })).toHaveAttribute(
      "href",
      "mailto:hello@unveil.date",
    );
    const social = footer.getByRole("link", { name: /Instagram/ });
    await expect(social).toHaveAttribute("rel", "noopener noreferrer");
    await expect(social).toHaveAttribute("target", "_blank");
  });

  test("the HTML is prerendered, with the page's head and structured data", async ({ page }) => {
    const res = await page.request.get("/");
    expect(res.ok()).toBe(true);
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain("Your next evening together, <em");
    expect(root).toContain("Start Your Mystery Journey");
    expect(root).toContain('id="pricing"');
    expect(root).toContain("Most Popular");
    expect(root).toContain("£20");
    expect(root).toContain("Let&#x27;s Go!");
    expect(html).toContain('<link rel="canonical" href="https://unveil.date/" />');
    expect(html).toMatch(/<meta name="description" content="[^"]*48 hours[^"]*"/);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);

    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeTruthy();
    const data = JSON.parse(json!);
    expect(data["@type"]).toBe("LocalBusiness");
    expect(data.address.addressLocality).toBe("London");
    const offers = offersIn(data);
    expect(offers.map((o) => o.price)).toEqual([15, 20, 30]);
    expect(new Set(offers.map((o) => o.priceCurrency))).toEqual(new Set(["GBP"]));
  });

  test("loads without console errors and without asking a visitor's session", async ({ page }) => {
    const errors: string[] = [];
    const userCalls: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    page.on("request", (req) => {
      if (req.url().includes("/api/auth/user")) userCalls.push(req.url());
    });
    const requests = watchRequests(page);
    await gotoLanding(page);
    await requests.settled();
    await page.getByRole("link", { name: "FAQ", exact: true }).first().click();
    // Whatever the click set off has been asked, answered and drawn.
    await requests.settled();
    expect(errors).toEqual([]);
    expect(userCalls).toEqual([]);
  });

  test("a signed-in member opening / is taken from the landing page to home, without errors", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await newMember(page, { firstName: "Robin" });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Hello, Robin." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Your Mystery Journey" })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("a visitor's landing page runs no app until they show intent, and a first tap still opens a question", async ({
    page,
  }) => {
    // The page's clock is the test's: the timers a member's landing page would start the app on (first paint,
    // or 1.5 s at the latest) are run through at once instead of waited for.
    await page.clock.install();
    const requests = watchRequests(page);
    await page.goto("/");
    await page.waitForLoadState("load");
    await page.clock.runFor(5_000);
    await requests.settled();
    // Complete without the app: sections, links and the prices are all there.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-app-ready"))).toBe(false);
    // The tap arrives before the app has taken the page over: it is held and played again.
    const question = page.getByRole("button", { name: "How does the reveal work?" });
    await question.click();
    await expect(question).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/revealed 48 hours before, by e-mail/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-app-ready"))).toBe(true);
  });

  test("if the app's code cannot arrive, the page's links still work", async ({ page }) => {
    // Offline, or a deploy removed the files: the landing page's own code fails to load.
    await page.route("**/assets/landing-*.js", (route) => route.abort());
    await page.goto("/");
    await page.waitForLoadState("load");
    await page.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/auth");
    await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
  });

  test("robots.txt allows crawling", async ({ page }) => {
    const res = await page.request.get("/robots.txt");
    expect(res.ok()).toBe(true);
    expect(await res.text()).toMatch(/User-agent: \*\s+Allow: \//);
  });

  test("another address does not show the landing page while the app starts", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });
});

test.describe("landing page motion", () => {
  test("sections below the fold fade in as they scroll into view", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await gotoLanding(page);
    const faqList = page.locator("#faq [data-reveal]").last();
    await expect(faqList).toHaveAttribute("data-reveal-state", "hidden");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await faqList.scrollIntoViewIfNeeded();
    await expect(faqList).toHaveAttribute("data-reveal-state", "shown");
    await expect(faqList).toHaveCSS("opacity", "1");
  });

  test("nothing is hidden under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoLanding(page);
    await expect(page.locator("[data-reveal-state]")).toHaveCount(0);
  });
});

test.describe("landing page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the whole page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Your Mystery Journey" })).toHaveAttribute(
      "href",
      "/auth?tab=register",
    );
    await page.locator("#pricing").scrollIntoViewIfNeeded();
    await expect(page.locator("#pricing").getByRole("heading", { name: "Gold" })).toBeVisible();
    await page.locator("#faq").scrollIntoViewIfNeeded();
    await expect(page.getByRole("button", { name: "How does the reveal work?" })).toBeVisible();
  });
});
