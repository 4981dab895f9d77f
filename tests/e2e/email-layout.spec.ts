import { expect, type Page, test } from "@playwright/test";
import { mailSamples, REVEAL_VENUE, revealSample } from "../helpers/mail-samples.ts";

// Most members open a reveal on a phone: every e-mail must fit 390 px without sideways scrolling, in its HTML
// and in a plain-text view. The mails are built by the server's own functions (tests/helpers/mail-samples.ts).
const PHONE = { width: 390, height: 844 };

const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

/** Every visible link lies inside the page's width. */
async function linksInside(page: Page, width: number): Promise<string[]> {
  return page.evaluate(
    (w) =>
      [...document.querySelectorAll("a")]
        .filter((a) => a.getClientRects().length > 0)
        .filter((a) => a.getBoundingClientRect().right > w + 0.5)
        .map((a) => a.textContent ?? ""),
    width,
  );
}

/** The plain-text part as a mail app shows it: the lines kept, long ones wrapped to the screen. */
const textView = (text: string) =>
  `<!doctype html><meta name="viewport" content="width=device-width"><body style="margin:8px"><div style="white-space:pre-wrap;overflow-wrap:break-word;font:15px/1.4 -apple-system,Helvetica,sans-serif">${text.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</div>`;

test.describe("e-mails on a phone", () => {
  test.use({ viewport: PHONE });

  test("the reveal leads with the venue, shows its address once and a directions button, and fits 390 px", async ({
    page,
  }, testInfo) => {
    const mail = revealSample();
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.setContent(mail.html);
      expect(await scrollWidth(page), colorScheme).toBeLessThanOrEqual(PHONE.width);
      // biome-ignore lint/performance/useDomNodeTextContent: what the reader sees, without the hidden preheader
      const seen = await page.locator("body").innerText();
      const name = seen.indexOf(REVEAL_VENUE.name);
      expect(name).toBeGreaterThan(-1);
      expect(name).toBeLessThan(seen.indexOf(REVEAL_VENUE.address));
      expect(seen.split(REVEAL_VENUE.address)).toHaveLength(2);
      // The venue comes before when, the plan, what to wear and what to pay.
      for (const label of ["When", "The plan", "Dress code", "To pay"])
        expect(seen.indexOf(REVEAL_VENUE.name)).toBeLessThan(seen.toLowerCase().indexOf(label.toLowerCase()));
      expect(seen).toContain("Smart casual");
      expect(seen).toContain("£80+ per person");
      const directions = page.getByRole("link", { name: "Get directions" });
      await expect(directions).toBeVisible();
      await expect(directions).toHaveAttribute(
        "href",
        /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.+SE1/,
      );
      await expect(page.getByRole("link", { name: "Confirm your date" })).toBeVisible();
      expect(await linksInside(page, PHONE.width)).toEqual([]);
      // No web address is shown as text: links are buttons or short labels.
      expect(seen).not.toMatch(/https?:\/\//);
      await page.screenshot({ path: testInfo.outputPath(`reveal-390-${colorScheme}.png`), fullPage: true });
    }

    await page.emulateMedia({ colorScheme: "light" });
    await page.setContent(textView(mail.text));
    expect(await scrollWidth(page), "plain text").toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: testInfo.outputPath("reveal-390-text.png"), fullPage: true });
  });

  test("every e-mail fits 390 px, as HTML and as plain text", async ({ page }) => {
    for (const { name, mail } of mailSamples()) {
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await page.setContent(mail.html);
        expect(await scrollWidth(page), `${name} (${colorScheme})`).toBeLessThanOrEqual(PHONE.width);
        expect(await linksInside(page, PHONE.width), name).toEqual([]);
      }
      await page.setContent(textView(mail.text));
      expect(await scrollWidth(page), `${name} (plain text)`).toBeLessThanOrEqual(PHONE.width);
    }
  });
});

test("the reveal on a desktop keeps its card to a readable width", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.setContent(revealSample().html);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(1440);
  const card = await page.getByRole("heading", { name: "Your date is revealed" }).evaluate((h) => {
    const r = h.closest("td")!.getBoundingClientRect();
    return { left: r.left, width: r.width };
  });
  expect(card.width).toBeLessThanOrEqual(560);
  expect(card.left).toBeGreaterThan(300);
  await page.screenshot({ path: testInfo.outputPath("reveal-1440.png"), fullPage: true });
});
