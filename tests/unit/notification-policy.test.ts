import { describe, expect, it } from "vitest";
import { mayEmail, mayText } from "../../src/server/modules/notifications/policy.ts";
import { outboxSms } from "../../src/server/modules/sms/sender.ts";

const member = {
  emailNotifications: true,
  marketingOptOut: false,
  smsNotifications: false,
  phone: null,
  deletedAt: null,
};

describe("notification switches", () => {
  it("service mail always goes; the e-mail switch stops notices; the opt-out stops marketing", () => {
    expect(mayEmail({ ...member, emailNotifications: false, marketingOptOut: true }, "service")).toBe(true);
    expect(mayEmail(member, "notice")).toBe(true);
    expect(mayEmail({ ...member, emailNotifications: false }, "notice")).toBe(false);
    expect(mayEmail(member, "marketing")).toBe(true);
    expect(mayEmail({ ...member, marketingOptOut: true }, "marketing")).toBe(false);
    expect(mayEmail({ ...member, deletedAt: new Date() }, "service")).toBe(false);
  });

  it("texts need SMS on and a phone", () => {
    expect(mayText(member)).toBe(false);
    expect(mayText({ ...member, smsNotifications: true })).toBe(false);
    expect(mayText({ ...member, smsNotifications: true, phone: "07700900123" })).toBe(true);
  });

  it("the outbox sender records texts", async () => {
    const sms = outboxSms(null);
    await sms.send({ to: "+447700900123", body: "Your date is revealed", statusCallback: "http://x/cb" });
    expect(sms.messages[0]).toMatchObject({ to: "+447700900123", text: "Your date is revealed" });
  });
});
