import { expect, type Locator, type Page, test } from "@playwright/test";
import { arrangeDate, e2eDb, setPlan, uniqueEmail } from "./helpers.ts";
import { newMember, signInAsAdmin } from "./sign-in.ts";

/**
 * The main journeys with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows; no clicks, no fill), and
 * at every stop on the way the focused control must show a visible focus indicator: an outline, or a ring
 * (a box-shadow with no blur), on it or on the card drawn around it.
 */

type Stop = { name: string; kind: string; visible: boolean; focused: boolean };

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the focus indicator of every stop. */
async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}) {
  const seen: string[] = [];
  // Already there (a dialog puts focus on its first field).
  if (await target.evaluate((el) => el === document.activeElement)) return;
  for (let i = 0; i < (opts.max ?? 40); i++) {
    await page.keyboard.press(opts.back ? "Shift+Tab" : "Tab");
    const stop: Stop = await target.evaluate((el) => {
      const active = document.activeElement as HTMLElement | null;
      const label = (e: HTMLElement) =>
        `${e.getAttribute("role") ?? e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${e.getAttribute("type") ? `[${e.getAttribute("type")}]` : ""} "${(e.getAttribute("aria-label") ?? e.textContent ?? "").trim().slice(0, 40)}"`;
      if (!active || active === document.body)
        return { name: "body", kind: "", visible: true, focused: false };
      const ringed = (e: Element) => {
        const s = getComputedStyle(e);
        const outline = s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) >= 1;
        // A ring is a box-shadow "0 0 0 <spread>": no offset, no blur.
        const ring = /(^|,\s*)([a-z-]+\([^)]*\)\s+)?0px 0px 0px [1-9]/.test(s.boxShadow);
        return outline || ring;
      };
      // The element itself, or a card drawn around it (up to three levels up).
      let visible = false;
      for (let e: Element | null = active, n = 0; e && n < 4 && !visible; e = e.parentElement, n++)
        visible = ringed(e);
      // Tab inside a date field reaches its calendar button, which Chromium rings itself (inside the field,
      // out of reach of getComputedStyle); the field's own ring shows while a part of the date has focus.
      if (active.matches('input[type="datetime-local"], input[type="date"]')) visible = true;
      const kind =
        active.getAttribute("role") ??
        (active.tagName === "INPUT"
          ? `input-${(active as HTMLInputElement).type}`
          : active.tagName.toLowerCase());
      return { name: label(active), kind, visible, focused: el === active || el.contains(active) };
    });
    if (stop.name !== "body") {
      seen.push(stop.name);
      kinds.add(stop.kind);
      expect(stop.visible, `visible focus on ${stop.name} (${page.url()})`).toBe(true);
    }
    if (stop.focused) return;
  }
  throw new Error(`${String(target)} never took focus; stops were: ${seen.join(", ")}`);
}

/** The kinds of control the journeys passed through (to prove the sample is broad). */
const kinds = new Set<string>();

/** Where focus is, in words: "body", "skip link" or the control. */
const focusNow = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body) return "body";
    if (a.matches('a[href="#main"]')) return "skip link";
    return `${a.getAttribute("role") ?? a.tagName.toLowerCase()} "${(a.getAttribute("aria-label") ?? a.textContent ?? "").trim().slice(0, 40)}"`;
  });

/**
 * After an action: focus is on `where` (the control pressed, a summary, the way back), and so never on
 * <body> or the skip link, where the next Tab would start again from the top of the page.
 */
async function expectFocusOn(page: Page, where: Locator) {
  await expect(where, `focus after the action is on ${await focusNow(page)}`).toBeFocused();
  expect(await focusNow(page)).not.toMatch(/^(body|skip link)$/);
}

async function tabAndPress(page: Page, target: Locator, key = "Enter") {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

async function tabAndType(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

test.describe("keyboard only", () => {
  test.describe.configure({ timeout: 120_000 });

  test("create account, questionnaire, plan, Direct Debit, dashboard and a date", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const email = uniqueEmail("keyboard");

    // Create account: the tabs move with the arrows.
    await page.goto("/auth?tier=gold");
    const signInTab = page.getByRole("tab", { name: "Sign In" });
    await expect(signInTab).toBeVisible();
    const createTab = page.getByRole("tab", { name: "Create Account" });
    await expect(createTab).toHaveAttribute("aria-selected", "true");
    await tabTo(page, createTab);
    await page.keyboard.press("ArrowLeft");
    await expect(signInTab).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowRight");
    await expect(createTab).toHaveAttribute("aria-selected", "true");
    await tabAndType(page, page.getByLabel("First name"), "Robin");
    await tabAndType(page, page.getByLabel("Last name"), "Hart");
    await tabAndType(page, page.getByLabel("Email"), email);
    await tabAndType(page, page.getByLabel("Password"), "a-long-passphrase");
    await page.keyboard.press("Enter");

    // The plans, then the questionnaire.
    await expect(page).toHaveURL("/subscription?tier=gold", { timeout: 15_000 });
    await tabAndPress(page, page.getByRole("link", { name: "Complete your preferences" }));
    await expect(page).toHaveURL("/onboarding?tier=gold");

    const next = page.getByRole("button", { name: "Next", exact: true });
    // Step 1: postcode, then the radius slider with the arrows.
    await tabAndType(page, page.getByLabel("Your postcode"), "se19px");
    const radius = page.getByRole("slider", { name: "How far will you travel?" });
    await tabTo(page, radius);
    await page.keyboard.press("ArrowRight");
    await expect(radius).toHaveAttribute("aria-valuenow", "30");
    await tabAndPress(page, next);
    // Step 2: a radio card, chosen with the arrows.
    await expect(page.getByText("Step 2 of 6", { exact: true })).toBeVisible();
    await tabTo(page, page.getByRole("radiogroup"));
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(1);
    await tabAndPress(page, next);
    // Step 3: toggle cards with Space.
    await expect(page.getByText("Step 3 of 6", { exact: true })).toBeVisible();
    await tabAndPress(page, page.getByRole("button", { name: "Restaurants" }), "Space");
    await expect(page.getByRole("button", { name: "Restaurants, ranked 1" })).toBeVisible();
    await tabAndPress(page, next);
    // Step 4: a whole column of the grid at once.
    await expect(page.getByText("Step 4 of 6", { exact: true })).toBeVisible();
    // One tab stop for the grid; the arrows move in it, up to the row of whole days.
    await tabTo(page, page.getByRole("button", { name: "Monday, 1st week" }));
    await page.keyboard.press("ArrowUp");
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("button", { name: "Every Friday" })).toBeFocused();
    await page.keyboard.press("Enter");
    const friday = page.getByRole("button", { name: "Friday, 1st week" });
    await expect(friday).toHaveAttribute("aria-pressed", "true");
    await tabAndPress(page, next);
    // Step 5: a time.
    await expect(page.getByText("Step 5 of 6", { exact: true })).toBeVisible();
    await tabAndPress(page, page.getByRole("button", { name: "Evenings" }), "Space");
    await tabAndPress(page, next);
    // Step 6: a switch, the Terms checkbox, then back up with Shift+Tab to check one need.
    await expect(page.getByText("Step 6 of 6", { exact: true })).toBeVisible();
    const trying = page.getByRole("switch", { name: "We're open to trying new things" });
    await tabAndPress(page, trying, "Space");
    await expect(trying).toBeChecked();
    await tabAndPress(page, page.getByRole("checkbox", { name: "I accept the Terms & Conditions" }), "Space");
    await tabTo(page, page.getByRole("checkbox", { name: "Vegetarian" }), { back: true });
    await page.keyboard.press("Space");
    await expect(page.getByRole("checkbox", { name: "Vegetarian" })).toBeChecked();
    await tabAndPress(page, page.getByRole("button", { name: "Complete Setup" }));

    // Subscribe, then the sandbox Direct Debit page.
    await expect(page).toHaveURL("/subscription?tier=gold");
    await expect(page.getByRole("radio", { name: "Gold" })).toBeChecked();
    await tabAndPress(page, page.getByRole("button", { name: "Subscribe" }));
    await expect(page).toHaveURL(/\/sandbox\/direct-debit\//);
    await tabAndType(page, page.getByLabel("Account holder name"), "Robin Hart");
    await tabAndType(page, page.getByLabel("Sort code"), "20-00-00");
    await tabAndType(page, page.getByLabel("Account number"), "55779911");
    await tabAndPress(page, page.getByLabel(/I am the account holder/), "Space");
    await tabAndPress(page, page.getByRole("button", { name: "Set up Direct Debit" }));
    await expect(page.getByRole("heading", { name: "Welcome to Gold" })).toBeVisible({ timeout: 15_000 });

    // A date planned for the couple, opened from the dashboard.
    const id = await arrangeDate(email, { hoursFromNow: 100 });
    await tabAndPress(page, page.getByRole("link", { name: "Continue to Dashboard" }));
    await expect(page).toHaveURL("/dashboard");
    await tabAndPress(page, page.getByTestId(`date-card-${id}`));
    await expect(page).toHaveURL(`/dates/${id}`);
    await expect(page.getByTestId("date-status")).toHaveText("Locked");

    // Its calendar file, downloaded with Enter; focus stays on the link.
    const calendar = page.getByRole("link", { name: "Add to calendar" });
    const download = page.waitForEvent("download");
    await tabAndPress(page, calendar);
    expect((await download).suggestedFilename()).toBe(`unveil-date-${id}.ics`);
    await expectFocusOn(page, calendar);

    // A dialog: opened with Enter, focus inside it, sent with the keyboard.
    const opener = page.getByRole("button", { name: "Request a reschedule" });
    await tabAndPress(page, opener);
    const dialog = page.getByRole("dialog", { name: "Request a reschedule" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await tabAndType(page, dialog.getByLabel("Anything we should know? (optional)"), "Away that weekend");
    await tabAndPress(page, dialog.getByRole("button", { name: "Request reschedule" }));
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("date-status")).toHaveText("Reschedule requested");
    // The button that opened it is gone with the request: focus is on the note that replaced it.
    await expectFocusOn(page, page.getByTestId("action-reschedule").getByText(/^Reschedule requested/));

    // The sample covered every kind of control.
    for (const kind of ["a", "button", "input-text", "tab", "slider", "radio", "switch", "checkbox"])
      expect([...kinds], `a ${kind} was focused on the way`).toContain(kind);
  });

  test("back office: create an offer code", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signInAsAdmin(page);
    await page.goto("/admin?tab=venues");
    await expect(page.getByRole("tab", { name: "Venues" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("button", { name: "Add Venue" })).toBeVisible({ timeout: 15_000 });
    // Tabs: arrows move along the strip, Enter opens (manual activation). The strip is one tab stop; on a
    // busy machine the first Tab can land past it (in the open panel), so come back with Shift+Tab then.
    const venuesTab = page.getByRole("tab", { name: "Venues" });
    await tabTo(page, venuesTab).catch(() => tabTo(page, venuesTab, { back: true, max: 80 }));
    const offerTab = page.getByRole("tab", { name: "Offer Codes" });
    const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement);
    // The arrows walk the strip; if a late render took focus off it on the way (a loaded machine), Tab back.
    for (let i = 0; i < 20 && !(await focused(offerTab)); i++) {
      if (!(await page.evaluate(() => document.activeElement?.getAttribute("role") === "tab")))
        await tabTo(page, venuesTab).catch(() => tabTo(page, venuesTab, { back: true, max: 80 }));
      await page.keyboard.press("ArrowRight");
    }
    await expect(offerTab).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/admin?tab=offer-codes");

    await tabAndPress(page, page.getByRole("button", { name: "Create Offer Code" }));
    const dialog = page.getByRole("dialog", { name: "Create Offer Code" });
    await expect(dialog).toBeVisible();
    const code = `KEYS${Date.now().toString(36).toUpperCase()}${process.pid}`;
    await tabAndType(page, dialog.getByLabel("Code"), code);
    await tabAndType(page, dialog.getByLabel("Description"), "Made with the keyboard");
    // The discount type is a listbox: opened with Enter, an option chosen with the arrows.
    await tabAndPress(page, dialog.getByRole("combobox", { name: "Discount type" }));
    await expect(page.getByRole("option", { name: "Percentage (%)" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("option", { name: "Fixed amount (£)" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("combobox", { name: "Discount type" })).toHaveText("Fixed amount (£)");
    await tabAndType(page, dialog.getByLabel("Discount value (£ a month)"), "5");
    await tabAndType(page, dialog.getByLabel("Duration (months)"), "2");
    // Enter in a field sends the form (the date and time fields after it are optional).
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(`offer-code-${code}`)).toBeVisible();
    // Focus went back to the button that opened the dialog.
    await expect(page.getByRole("button", { name: "Create Offer Code" })).toBeFocused();
  });
  test("a setting saved: Save Changes keeps focus and says Saved; the next Tab goes on down the page", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await newMember(page);
    await page.goto("/settings");
    const firstName = page.getByLabel("First name");
    await expect(firstName).toBeVisible({ timeout: 15_000 });
    await tabTo(page, firstName);
    await page.keyboard.press("End");
    await page.keyboard.type("e");
    const save = page.getByRole("button", { name: "Save Changes" });
    await tabAndPress(page, save);
    await expect(page.getByTestId("save-status").first()).toHaveText("Saved");
    await expectFocusOn(page, save);
    // The next Tab goes on from the button, not from the top of the page.
    await page.keyboard.press("Tab");
    expect(await focusNow(page)).not.toMatch(/^(body|skip link)$/);
    await expect(save).not.toBeFocused();
  });

  test.describe("back office", () => {
    test("a venue added, a date assigned, a support reply sent", async ({ page, browser }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      const t = `${Date.now().toString(36)}${process.pid}`;
      const db = await e2eDb();
      const member = uniqueEmail("keys-assign");
      await db.query(`INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Kit', $2)`, [
        member,
        `Keys${t}`,
      ]);
      await setPlan(member, { tier: "gold", status: "active" });
      await signInAsAdmin(page);
      await page.goto("/admin?tab=venues");
      const add = page.getByRole("button", { name: "Add Venue" });
      await expect(add).toBeVisible({ timeout: 15_000 });

      // Add Venue: a refused save first (two problems): the summary takes focus, its link leads to the field.
      await tabAndPress(page, add);
      const venueDialog = page.getByRole("dialog", { name: "Add Venue" });
      await expect(venueDialog).toBeVisible();
      const website = venueDialog.getByLabel("Website");
      await tabAndType(page, website, "not-a-site");
      await page.keyboard.press("Enter");
      const summary = venueDialog.getByTestId("error-summary");
      await expectFocusOn(page, summary);
      await tabAndPress(page, summary.getByRole("link", { name: "Name must be at least 2 characters" }));
      const name = `Keys Venue ${t}`;
      await expectFocusOn(page, venueDialog.getByLabel("Name", { exact: true }));
      await page.keyboard.type(name);
      await tabTo(page, website);
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type("https://keys.example");
      await tabAndType(page, venueDialog.getByLabel("Address"), "1 Keyboard Lane");
      await page.keyboard.press("Enter");
      await expect(venueDialog).toBeHidden({ timeout: 15_000 });
      await expectFocusOn(page, add);

      // Assign Date: the member and the venue picked by typing and the arrows, the time typed.
      await page.goto("/admin?tab=assignments");
      const assign = page.getByRole("button", { name: "Assign Date" });
      await expect(assign).toBeVisible({ timeout: 15_000 });
      await tabAndPress(page, assign);
      const assignDialog = page.getByRole("dialog", { name: "Assign Date" });
      await expect(assignDialog).toBeVisible();
      await tabAndType(page, assignDialog.getByRole("combobox", { name: "Member" }), `keys${t}`);
      await expect(page.getByRole("option", { name: new RegExp(`Kit Keys${t}`) })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByRole("option")).toHaveCount(1);
      await page.keyboard.press("Enter");
      const when = assignDialog.getByLabel("Scheduled date (London time)");
      await tabTo(page, when);
      const [year, month, day] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" })
        .format(new Date(Date.now() + 9 * 86_400_000))
        .split("-");
      // Typed in the field's own order (month, day, year; the year takes up to six digits, so the arrow moves
      // on), then the 12-hour time.
      await page.keyboard.type(`${month}${day}${year}`);
      await page.keyboard.press("ArrowRight");
      await page.keyboard.type("0730P");
      await expect(when).toHaveValue(`${year}-${month}-${day}T19:30`);
      await tabAndType(page, assignDialog.getByRole("combobox", { name: "Venue" }), name);
      await expect(page.getByRole("option", { name: new RegExp(name) })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole("option")).toHaveCount(1);
      await page.keyboard.press("Enter");
      // Assign waits for the rulebook's check; a venue with no booking details breaks rules, so the reason
      // comes first and the button says Assign anyway.
      const submit = assignDialog.getByRole("button", { name: /^Assign( anyway)?$/ });
      await expect(submit).toBeEnabled({ timeout: 15_000 });
      if ((await submit.textContent())?.includes("anyway"))
        await tabAndType(
          page,
          assignDialog.getByLabel("Override reason"),
          "Booked by phone with the keyboard",
        );
      await tabAndPress(page, submit);
      await expect(assignDialog).toBeHidden({ timeout: 15_000 });
      await expectFocusOn(page, assign);

      // A support reply: the ticket opened with Enter, the reply typed and sent. Send reply keeps focus and
      // says Sent; the first Escape closes the dialog onto the ticket's row.
      const memberContext = await browser.newContext();
      const memberPage = await memberContext.newPage();
      await newMember(memberPage, { email: uniqueEmail("keys-support") });
      const created = await memberPage.request.post("/api/support/tickets", {
        data: { subject: `Keyboard question ${t}`, body: "Can we bring our dog?" },
      });
      expect(created.status()).toBe(201);
      const ticketId = (await created.json()).id as number;
      await memberContext.close();
      await page.goto("/admin?tab=support");
      const search = page.getByRole("searchbox", { name: "Search tickets" });
      await expect(search).toBeVisible({ timeout: 20_000 });
      await tabAndType(page, search, `Keyboard question ${t}`);
      const row = page.getByTestId(`ticket-row-${ticketId}`);
      await expect(row).toBeVisible();
      const open = row.getByRole("button", { name: /Open ticket/ });
      await tabAndPress(page, open);
      const ticket = page.getByRole("dialog");
      await expect(ticket.getByText(`Ticket #${ticketId}`)).toBeVisible();
      await tabAndType(page, ticket.getByLabel("Your reply"), `Yes, dogs are welcome. ${t}`);
      const send = ticket.getByRole("button", { name: "Send reply" });
      await tabAndPress(page, send);
      await expect(ticket.getByTestId("save-status")).toHaveText("Sent");
      await expectFocusOn(page, send);
      await page.keyboard.press("Escape");
      await expect(ticket).toBeHidden();
      await expectFocusOn(page, open);
    });
  });
});
