import { createHmac } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { registerViaApi } from "./helpers.ts";

/** The toast region (Radix Toast viewport). */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(secret: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of secret.replace(/[\s=]/g, "").toUpperCase()) {
    value = (value << 5) | BASE32.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238: HMAC-SHA1 over the 30-second step, 6 digits. `stepOffset` moves to a neighbouring step. */
function totp(secret: string, stepOffset = 0): string {
  const step = Math.floor(Date.now() / 30_000) + stepOffset;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
}

/** The first step of signing in; an account with 2FA then asks for a code. */
async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
}

test.describe("two-factor authentication", () => {
  test("enable from settings, then sign-in asks for the code; recovery codes work once; turn it off", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const { email, password } = await registerViaApi(page);
    await page.goto("/settings?tab=privacy");
    const card = page.getByRole("region", { name: "Two-factor authentication" });
    await expect(card.getByText("Off", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: "Enable 2FA" }).click();

    // The QR code, and the key for typing in by hand.
    await expect(card.getByRole("img", { name: /QR code/ })).toBeVisible();
    const secret = (await card.getByTestId("two-factor-secret").getAttribute("data-secret")) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(card.getByTestId("two-factor-secret")).toHaveText(secret.replace(/(.{4})(?=.)/g, "$1 "));

    // A wrong code is refused; the right one turns 2FA on and shows the recovery codes once.
    await card.getByLabel("Authentication code").fill(totp(secret, 10));
    await card.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(toasts(page).getByText("That code is not valid. Please try again.")).toBeVisible();
    await expect(card.getByTestId("error-summary")).toBeFocused();
    await expect(card.getByLabel("Authentication code")).toHaveAttribute("aria-invalid", "true");
    await card.getByLabel("Authentication code").fill(totp(secret));
    await card.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(card.getByText("Save these recovery codes now")).toBeVisible();
    const codes = await card
      .getByRole("list", { name: "Recovery codes" })
      .getByRole("listitem")
      .allTextContents();
    expect(codes).toHaveLength(10);
    const download = page.waitForEvent("download");
    await card.getByRole("button", { name: "Download .txt" }).click();
    expect((await download).suggestedFilename()).toBe("unveil-recovery-codes.txt");
    await card.getByRole("button", { name: "I've saved my codes" }).click();
    await expect(card.getByText("On", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "Turn off 2FA" })).toBeVisible();

    // Signing in now asks for a code; a wrong one fails, the right one signs in.
    await signOut(page);
    await signInWithPassword(page, email, password);
    await expect(
      page.getByText("Enter the 6-digit code from your authenticator app, or a recovery code"),
    ).toBeVisible();
    await enterCode(page, totp(secret, 10));
    await expect(toasts(page).getByText("Login failed")).toBeVisible();
    await expect(toasts(page).getByText("That code is not valid. Please try again.")).toBeVisible();
    // On the page too: the summary takes focus, the code field says why.
    await expect(page.getByTestId("error-summary")).toBeFocused();
    await expect(page.getByLabel("Authentication code")).toHaveAccessibleDescription(
      "That code is not valid. Please try again.",
    );
    // The code used to turn 2FA on cannot be used again, so the next step's code signs in.
    await enterCode(page, totp(secret, 1));
    await expect(toasts(page).getByText("Welcome back!")).toBeVisible();
    await expect(page).toHaveURL("/");

    // A recovery code signs in once, and only once.
    await signOut(page);
    await signInWithPassword(page, email, password);
    await enterCode(page, codes[0]);
    await expect(toasts(page).getByText("Welcome back!")).toBeVisible();
    await signOut(page);
    await signInWithPassword(page, email, password);
    await enterCode(page, codes[0]);
    await expect(toasts(page).getByText("Login failed")).toBeVisible();
    await enterCode(page, codes[1]);
    await expect(toasts(page).getByText("Welcome back!")).toBeVisible();

    // Turning it off needs a code too; afterwards the password alone signs in.
    await page.goto("/settings?tab=privacy");
    await card.getByRole("button", { name: "Turn off 2FA" }).click();
    await card.getByLabel("Authentication code").fill(codes[2]);
    await card.getByRole("button", { name: "Turn off 2FA" }).click();
    await expect(card.getByText("Off", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "Enable 2FA" })).toBeVisible();
    await signOut(page);
    await signInWithPassword(page, email, password);
    await expect(toasts(page).getByText("Welcome back!")).toBeVisible();
  });
});
