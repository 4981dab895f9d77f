import { expect, type Page, test } from "@playwright/test";
import { arrangeDate, e2eDb } from "./helpers.ts";
import { newMember } from "./sign-in.ts";

/** The toast region (Radix Toast viewport). */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test.describe("contact support", () => {
  test("a member writes in, sees the message in the list, opens it and replies", async ({ page }) => {
    await newMember(page);
    await page.goto("/support");
    await expect(page).toHaveTitle(/^Support — Unveil/);
    await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
    await expect(page.getByText("No messages yet")).toBeVisible();

    // The shared rules check the form before anything is sent.
    const send = page.getByRole("button", { name: "Send message" });
    await send.click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link")).toHaveText([
      "Please add a subject (3 to 200 characters)",
      "Please tell us a little more (at least 10 characters)",
    ]);
    await summary.getByRole("link", { name: /Please tell us a little more/ }).click();
    await expect(page.getByLabel("Message", { exact: true })).toBeFocused();
    await expect(page.getByLabel("Message", { exact: true })).toHaveAccessibleDescription(
      "Please tell us a little more (at least 10 characters)",
    );

    await page.getByLabel("Subject").fill("Question about our next date");
    await page
      .getByLabel("Message", { exact: true })
      .fill("Could the next date be somewhere step-free? Thank you.");
    await send.click();
    await expect(toasts(page).getByText("Message sent")).toBeVisible();
    // Send message keeps focus (a disabled button lost it to <body>), and "Sent" is said politely.
    await expect(page.getByTestId("save-status")).toHaveText("Sent");
    await expect(send).toBeFocused();
    await expect(summary).toBeHidden();

    const row = page.getByTestId("ticket-row").filter({ hasText: "Question about our next date" });
    await expect(row).toBeVisible();
    await expect(row.getByTestId("ticket-status")).toHaveText("New");
    await expect(row).toContainText("No replies yet");
    await expect(page.getByLabel("Subject")).toHaveValue("");

    // Support answers (the back office's reply is arranged in the database).
    const ticketId = Number((await row.getAttribute("href"))?.split("/").pop());
    const db = await e2eDb();
    await db.query(
      `INSERT INTO support_replies (ticket_id, from_email, body, is_from_admin)
       VALUES ($1, 'support@unveil.date', 'Of course. We have noted step-free access for every date.', true)`,
      [ticketId],
    );

    await row.click();
    await expect(page).toHaveURL(`/support/${ticketId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Question about our next date" })).toBeVisible();
    await expect(page.getByTestId("message-member")).toContainText(
      "Could the next date be somewhere step-free?",
    );
    await expect(page.getByTestId("message-support")).toContainText("We have noted step-free access");
    await expect(page.getByTestId("message-support")).toContainText("Unveil support");

    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByText("Please write a reply")).toBeVisible();
    await page.getByLabel("Your reply").fill("Wonderful, thank you.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(toasts(page).getByText("Reply sent")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send reply" })).toBeFocused();
    await expect(page.getByTestId("message-member")).toHaveCount(2);
    await expect(page.getByTestId("message-member").last()).toContainText("Wonderful, thank you.");
    await expect(page.getByLabel("Your reply")).toHaveValue("");

    // Back in the list, the conversation counts both replies.
    await page.getByRole("link", { name: "All messages" }).click();
    await expect(page.getByTestId("ticket-row").first()).toContainText("2 replies");
  });

  test("another member's conversation, or one that does not exist, is a friendly not-found", async ({
    page,
    browser,
  }) => {
    const other = await browser.newPage();
    await newMember(other);
    const created = await other.request.post("/api/support/tickets", {
      data: { subject: "Private matter", body: "Only the author may read this message." },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await other.close();

    await newMember(page);
    await page.goto(`/support/${id}`);
    await expect(page.getByRole("heading", { name: "Conversation not found" })).toBeVisible();
    await expect(page.getByText("Private matter")).toHaveCount(0);
    await page.goto("/support/999999999");
    await expect(page.getByRole("heading", { name: "Conversation not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Support" }).click();
    await expect(page).toHaveURL("/support");
  });

  test("a message from a date's link is about that date", async ({ page }) => {
    const { email } = await newMember(page);
    const dateId = await arrangeDate(email, { hoursFromNow: 24 * 10 });
    await page.goto(`/support?date=${dateId}`);
    await expect(page.getByText(/^About your date on /)).toBeVisible();
    await page.getByLabel("Subject").fill("Running late");
    await page.getByLabel("Message", { exact: true }).fill("We may be ten minutes late to this one.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText(/^About your date on /)).toHaveCount(0);
    await page.getByTestId("ticket-row").filter({ hasText: "Running late" }).click();
    await expect(page.getByRole("link", { name: "About one of your dates" })).toHaveAttribute(
      "href",
      `/dates/${dateId}`,
    );
  });

  test("a signed-out visitor is sent to sign in and brought back", async ({ page }) => {
    await page.goto("/support");
    await expect(page).toHaveURL(/\/auth\?next=%2Fsupport$/);
  });
});
