/** The back office's audit history shows each changed value in words (components/admin/audit/record-history.tsx). */
import { describe, expect, it } from "vitest";
import { auditValue } from "../../src/client/components/admin/audit/record-history.tsx";

describe("an audit value in words", () => {
  it("an instant is London's day and time, not the stored UTC text", () => {
    // Midnight on 1 June in London is 23:00 UTC the day before.
    expect(auditValue("2027-05-31T23:00:00.000Z", "validUntil")).toBe("01/06/2027, 00:00");
  });

  it("a plan by its name, a stored code as words, other text as typed", () => {
    expect(auditValue("platinum", "pendingTier")).toBe("Platinum");
    expect(auditValue(["gold", "platinum"], "applicableTiers")).toBe("Gold, Platinum");
    expect(auditValue("fixed_amount", "discountType")).toBe("Fixed amount");
    expect(auditValue("platinum", "description")).toBe("platinum");
    expect(auditValue("The Gilded Fig", "name")).toBe("The Gilded Fig");
  });

  it("empty, yes and no, lists", () => {
    expect(auditValue(null)).toBe("(empty)");
    expect(auditValue(true)).toBe("Yes");
    expect(auditValue([])).toBe("(none)");
  });
});
