import { describe, expect, it } from "vitest";
import { revealText, smsDayTime } from "../../src/server/modules/sms/messages.ts";
import { twilioSignature, twilioSignatureValid } from "../../src/server/modules/sms/signature.ts";
import { isUkMobile, textableNumber, toUkE164, ukPhoneForDisplay } from "../../src/shared/phone.ts";
import { composeSms, fitSms, shorten, smsLength, toGsm } from "../../src/shared/sms-text.ts";

describe("UK numbers shown as people write them", () => {
  it("mobiles, London and other numbers; anything else as stored", () => {
    expect(ukPhoneForDisplay("+447700900123")).toBe("07700 900123");
    expect(ukPhoneForDisplay("+442079460000")).toBe("020 7946 0000");
    expect(ukPhoneForDisplay("+441614960000")).toBe("0161 496 0000");
    expect(ukPhoneForDisplay("+441632960123")).toBe("01632 960123");
    expect(ukPhoneForDisplay("+12125550100")).toBe("+12125550100");
    // Shown, then saved again unchanged, it is the same number.
    expect(toUkE164(ukPhoneForDisplay("+447700900123"))).toBe("+447700900123");
  });
});

describe("UK numbers to E.164", () => {
  it("reads every usual way of writing a number", () => {
    for (const typed of [
      "07700 900123",
      "07700900123",
      "+44 7700 900123",
      "+44 (0)7700 900123",
      "0044 7700 900123",
      "447700900123",
      "+447700900123",
      "07700-900-123",
      " (07700) 900 123 ",
    ])
      expect(toUkE164(typed), typed).toBe("+447700900123");
    expect(toUkE164("020 7946 0000")).toBe("+442079460000");
    expect(toUkE164("0161 496 0000")).toBe("+441614960000");
  });

  it("refuses what is not a UK number", () => {
    for (const typed of ["", "12345", "+1 212 555 0100", "07700 90012", "077009001234", "7700900123", "abc"])
      expect(toUkE164(typed), typed).toBeNull();
  });

  it("texts go only to mobiles", () => {
    expect(isUkMobile("+447700900123")).toBe(true);
    expect(isUkMobile("+447624123456")).toBe(true);
    expect(isUkMobile("+442079460000")).toBe(false);
    expect(isUkMobile("+447012345678")).toBe(false); // 070: personal numbers
    expect(isUkMobile("+447612345678")).toBe(false); // 076: pagers
    expect(textableNumber("07700 900123")).toBe("+447700900123");
    expect(textableNumber("020 7946 0000")).toBeNull();
    expect(textableNumber(null)).toBeNull();
  });
});

describe("segments", () => {
  it("GSM-7: 160 in one, then 153 per segment", () => {
    expect(smsLength("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(smsLength("a".repeat(161)).segments).toBe(2);
    expect(smsLength("a".repeat(306)).segments).toBe(2);
    expect(smsLength("a".repeat(307)).segments).toBe(3);
    expect(smsLength("").segments).toBe(1);
    expect(smsLength("£5 @ café, Ñ ü").encoding).toBe("GSM-7");
  });

  it("the extension table counts twice and is never split across segments", () => {
    expect(smsLength("€".repeat(80))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(smsLength(`${"a".repeat(159)}€`).segments).toBe(2);
    expect(smsLength("[]{}~^|\\").units).toBe(16);
    // 152 plain and an extension character: 154 septets, the pair goes whole to the second segment.
    expect(smsLength(`${"a".repeat(152)}€${"a".repeat(152)}`).segments).toBe(3);
  });

  it("UCS-2: one curly quote or emoji makes it 70 in one, then 67", () => {
    expect(smsLength(`It\u2019s ${"a".repeat(65)}`)).toEqual({ encoding: "UCS-2", units: 70, segments: 1 });
    expect(smsLength(`\u2019${"a".repeat(70)}`).segments).toBe(2);
    expect(smsLength(`\u2019${"a".repeat(133)}`).segments).toBe(2);
    expect(smsLength(`\u2019${"a".repeat(134)}`).segments).toBe(3);
    // An emoji is two code units and is not split.
    expect(smsLength(`${"a".repeat(68)}😀`).segments).toBe(1);
    expect(smsLength(`${"a".repeat(66)}😀${"a".repeat(66)}`).segments).toBe(3);
    expect(smsLength("Ç").encoding).toBe("GSM-7");
    expect(smsLength("ç").encoding).toBe("UCS-2");
  });

  it("toGsm makes typography plain and drops what has no GSM form", () => {
    expect(toGsm("It\u2019s \u201Cthe\u201D one \u2013 wait\u2026 😀 Crêperie Café")).toBe(
      'It\'s "the" one - wait... Creperie Café',
    );
    expect(smsLength(toGsm("Łódź Ø ½")).encoding).toBe("GSM-7");
  });

  it("fitSms and composeSms keep a text within two segments, cutting names before the link", () => {
    expect(smsLength(fitSms("a ".repeat(400))).segments).toBe(2);
    expect(fitSms("short")).toBe("short");
    expect(shorten("The Very Long Name Of A Place", 15)).toBe("The Very...");
    const link = "https://unveil.date/dates/123";
    const text = composeSms(([a, b]) => `${a} at ${b}. ${link}`, ["x".repeat(300), "y ".repeat(200)]);
    expect(smsLength(text).segments).toBeLessThanOrEqual(2);
    expect(text.endsWith(link)).toBe(true);
  });
});

describe("the reveal text", () => {
  const at = new Date("2026-12-04T19:30:00Z");
  const date = {
    id: 42,
    status: "revealed",
    scheduledDate: at,
    idea: { title: "Candlelit supper", description: null, duration: 120, dressCode: null },
    venue: {
      name: "The Crooked Billet",
      address: null,
      city: "London",
      postcode: null,
      type: "restaurant",
      priceLevel: "££",
      latitude: null,
      longitude: null,
      contactInfo: null,
    },
  };

  it("says what, where, when and how to confirm, in one GSM segment or two", () => {
    expect(smsDayTime(at)).toBe("Fri 4 Dec, 19:30");
    const text = revealText("https://unveil.date", date);
    expect(text).toBe(
      "Unveil: your date is revealed! Candlelit supper at The Crooked Billet, Fri 4 Dec, 19:30. Please confirm by Thu 3 Dec, 19:30: https://unveil.date/dates/42",
    );
    expect(smsLength(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
  });

  it("shortens long names and drops typography, so it stays GSM and within two segments", () => {
    const text = revealText("https://staging.example.unveil.date", {
      ...date,
      idea: { ...date.idea, title: `Tea \u2018n\u2019 cake 🍰 ${"and more ".repeat(30)}` },
      venue: { ...date.venue, name: `Le Café Crème ${"Extraordinaire ".repeat(20)}` },
    });
    expect(smsLength(text).encoding).toBe("GSM-7");
    expect(smsLength(text).segments).toBeLessThanOrEqual(2);
    expect(text).toContain("https://staging.example.unveil.date/dates/42");
    expect(text).toContain("Tea 'n' cake");
    expect(revealText("https://unveil.date", { ...date, status: "confirmed" })).toMatch(
      /You've confirmed it\.$/,
    );
  });
});

describe("Twilio's signature", () => {
  it("matches Twilio's documented example", () => {
    // The vector of Twilio's request-validation documentation (and twilio-node's own tests).
    const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
    const params = {
      CallSid: "CA1234567890ABCDE",
      Caller: "+14158675309",
      Digits: "1234",
      From: "+14158675309",
      To: "+18005551212",
    };
    expect(twilioSignature("12345", url, params)).toBe("RSOYDt4T1cUTdK1PDd93/VVr8B8=");
    expect(twilioSignatureValid("12345", url, params, "RSOYDt4T1cUTdK1PDd93/VVr8B8=")).toBe(true);
    expect(
      twilioSignatureValid("12345", url, { ...params, Digits: "1235" }, "RSOYDt4T1cUTdK1PDd93/VVr8B8="),
    ).toBe(false);
    expect(twilioSignatureValid("12345", url, params, undefined)).toBe(false);
    expect(twilioSignatureValid(undefined, url, params, "RSOYDt4T1cUTdK1PDd93/VVr8B8=")).toBe(false);
  });
});
