import { expect, test } from "@playwright/test";
import { arrangeDate, e2eDb, readMail, setPlan, uniqueEmail } from "./helpers.ts";
import { newMember, signInAsAdmin } from "./sign-in.ts";

/** Support tab: open a member's ticket, answer it (the member reads the answer), change its status. */
const tag = () => `${Date.now().toString(36)}${process.pid}${Math.floor(Math.random() * 1e4)}`;

test("opens a ticket, replies by e-mail, and closes it; the member sees the answer", async ({
  page,
  browser,
}) => {
  const t = tag();
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const { email } = await newMember(memberPage, {
    email: uniqueEmail("support-admin"),
    firstName: "Noor",
  });
  // A cancelled Gold plan and a date the member asked to move: the dialog words them, never "gold cancelled".
  await setPlan(email, { tier: "gold", status: "cancelled" });
  const reservationId = await arrangeDate(email, { hoursFromNow: 24 * 5, status: "reschedule_requested" });
  const created = await memberPage.request.post("/api/support/tickets", {
    data: {
      subject: `Wheelchair access ${t}`,
      body: "Will our next venue have step-free access?",
      reservationId,
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as number;

  await signInAsAdmin(page);
  await page.goto("/admin?tab=support");
  await expect(page.getByRole("heading", { name: "Support Tickets" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("searchbox", { name: "Search tickets" }).fill(`access ${t}`);
  const row = page.getByTestId(`ticket-row-${id}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("ticket-priority")).toHaveText("Normal");
  await expect(row.getByTestId("ticket-status")).toHaveText("New");
  await row.getByRole("button", { name: /Open ticket/ }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(`Ticket #${id}`)).toBeVisible();
  await expect(dialog.getByRole("heading", { name: `Wheelchair access ${t}` })).toBeVisible();
  await expect(dialog.getByText("Will our next venue have step-free access?")).toBeVisible();
  await expect(dialog.getByRole("link", { name: email })).toBeVisible();
  await expect(dialog.getByText("· Gold · Cancelled")).toBeVisible();
  await expect(dialog).toContainText(`#${reservationId} on`);
  await expect(dialog).toContainText("(Reschedule requested)");
  await expect(dialog).not.toContainText(/reschedule_requested|gold cancelled/i);
  await expect(dialog.getByRole("combobox", { name: "Priority" })).toHaveText("Normal");

  await dialog.getByRole("button", { name: "Send reply" }).click();
  await expect(dialog.getByText("Please write a reply (up to 10,000 characters)")).toBeVisible();
  await dialog.getByLabel("Your reply").fill(`Yes, it is step-free throughout. ${t}`);
  const sendReply = dialog.getByRole("button", { name: "Send reply" });
  await sendReply.click();
  await expect(page.getByText("Reply sent", { exact: true })).toBeVisible();
  await expect(dialog.getByTestId("thread-support")).toContainText(`Yes, it is step-free throughout. ${t}`);
  await expect(dialog.getByRole("combobox", { name: "Status" })).toHaveText("Answered");
  // Send reply kept focus through the send (so Escape, pressed later, closes the dialog), and said "Sent".
  await expect(sendReply).toBeFocused();
  await expect(dialog.getByTestId("save-status")).toHaveText("Sent");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("button", { name: /Open ticket/ })).toBeFocused();
  await row.getByRole("button", { name: /Open ticket/ }).click();
  await expect(dialog.getByTestId("thread-support")).toContainText(`Yes, it is step-free throughout. ${t}`);

  const mail = await readMail(email, "support_reply");
  expect(mail.subject).toBe(`Re: Wheelchair access ${t} [#${id}]`);
  expect(mail.text).toContain(`Yes, it is step-free throughout. ${t}`);

  await dialog.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Closed" }).click();
  await expect(page.getByText("Status Updated", { exact: true })).toBeVisible();
  await dialog.getByRole("combobox", { name: "Priority" }).click();
  await page.getByRole("option", { name: "High" }).click();
  await expect(dialog.getByRole("combobox", { name: "Priority" })).toHaveText("High");
  await page.keyboard.press("Escape");
  await expect(row.getByTestId("ticket-status")).toHaveText("Closed");
  await expect(row.getByTestId("ticket-priority")).toHaveText("High");

  await memberPage.goto(`/support/${id}`);
  await expect(memberPage.getByTestId("message-support")).toContainText(
    `Yes, it is step-free throughout. ${t}`,
  );
  await memberContext.close();
});

test("urgent tickets stand out, filters narrow the list, a failed update says so", async ({ page }) => {
  const t = tag();
  const db = await e2eDb();
  const res = await db.query(
    `INSERT INTO support_tickets (from_email, from_name, subject, body, priority, status)
     VALUES ($1, 'Sam Sender', $2, 'Our date is tonight and the venue is closed.', 'urgent', 'open'),
            ($1, 'Sam Sender', $3, 'Just a thought.', 'low', 'new') RETURNING id`,
    [uniqueEmail("support-urgent"), `Venue closed ${t}`, `Idea ${t}`],
  );
  const [urgent] = res.rows.map((r) => r.id as number);

  await signInAsAdmin(page);
  await page.goto("/admin?tab=support");
  await expect(page.getByRole("heading", { name: "Support Tickets" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("searchbox", { name: "Search tickets" }).fill(t);
  const table = page.getByRole("table", { name: "Support tickets" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(page.getByTestId(`ticket-row-${urgent}`).getByTestId("ticket-priority")).toHaveText("Urgent");

  await page.getByRole("combobox", { name: "Filter by priority" }).click();
  await page.getByRole("option", { name: "Urgent" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await page.getByRole("combobox", { name: "Filter by status" }).click();
  await page.getByRole("option", { name: "Closed" }).click();
  await expect(page.getByText("No tickets match these filters")).toBeVisible();
  await page.getByRole("combobox", { name: "Filter by status" }).click();
  await page.getByRole("option", { name: "All statuses" }).click();

  await page
    .getByTestId(`ticket-row-${urgent}`)
    .getByRole("button", { name: /Open ticket/ })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("No account with this address")).toBeVisible();
  await page.route(`**/api/support/tickets/${urgent}`, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Try later"}' }),
  );
  await dialog.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Answered" }).click();
  await expect(page.getByText("Failed to update ticket", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Status" })).toHaveText("Open");
});
