import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { headerText } from "../../src/server/modules/email/header-text.ts";
import { NAME_NO_LINKS } from "../../src/shared/schemas/person-name.ts";
import { createTestApp, eventually } from "../helpers/app.ts";

/**
 * Member-written text in our mail: names with links or markup are refused where they are
 * typed, and whatever reaches a subject or a display name anyway is one plain line with no link.
 */
const t = await createTestApp();
let n = 0;
const email = () => `safe${++n}-${process.pid}@example.com`;
const PHISH = '<a href="http://evil.example">Claim prize</a>';

function register(firstName: string, lastName = "Smith") {
  return t.request({
    method: "POST",
    url: "/api/register",
    payload: { email: email(), password: "a quiet walk by the river", firstName, lastName },
  });
}

describe("names with links are refused at the server", () => {
  it.each([
    PHISH,
    "http://evil.example",
    "Visit www.prizes",
    "claim-prize.com",
    "Pip\r\nBcc: all@example.com",
    "Tom <b>",
  ])("register refuses %j with a clear message and creates nothing", async (firstName) => {
    const before = await t.db.$count(users);
    const res = await register(firstName);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: "firstName", message: NAME_NO_LINKS });
    expect(await t.db.$count(users)).toBe(before);
  });

  it("the last name has the same rule", async () => {
    const res = await register("Pip", "see https://evil.example");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: "lastName", message: NAME_NO_LINKS });
  });

  it.each(["Zoë", "O'Brien-Smith", "Jean-Luc", "St. John", "Mary Ann"])(
    "accepts a real name: %j",
    async (name) => {
      expect((await register(name)).statusCode).toBe(201);
    },
  );

  it("a profile change to a linked name is refused and changes nothing", async () => {
    const m = await t.member();
    const res = await t.request({
      method: "PATCH",
      url: "/api/auth/user",
      as: m,
      payload: { firstName: PHISH },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(NAME_NO_LINKS);
    const [row] = await t.db
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.id, m.user.id));
    expect(row.firstName).toBe(m.user.firstName);
  });
});

describe("what reaches our mail anyway is plain", () => {
  it("a name saved before the rule reaches the partner invitation as plain words, with no link", async () => {
    const m = await t.member();
    await t.db.update(users).set({ firstName: PHISH }).where(eq(users.id, m.user.id));
    const to = email();
    const res = await t.request({
      method: "POST",
      url: "/api/partner/invite",
      as: m,
      payload: { email: to },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await eventually(() => t.mail.findLast((x) => x.to === to));
    expect(mail.subject).toBe("Claim prize invited you to Unveil");
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain('<a href="http://evil');
    }
  });

  it("headers lose line breaks, markup and links", () => {
    expect(headerText("Hi\r\nBcc: x@example.com")).toBe("Hi Bcc: x@example.com");
    expect(headerText(`${PHISH} says hello`)).toBe("Claim prize says hello");
    expect(headerText("See https://evil.example/x now, or www.evil.example")).toBe("See now, or");
    expect(headerText("Dinner for two \u2028 tonight")).toBe("Dinner for two tonight");
  });
});
