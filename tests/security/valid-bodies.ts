export const NEW_PASSWORD = "a brand new passphrase";
export const PREFERENCES = {
  postcode: "SE1 9PX",
  travelRadius: 10,
  dateSpend: "££",
  dateTypePreferences: [{ type: "restaurants", rank: 1 }],
  schedulingPreferences: [
    { weekOfMonth: 1, dayOfWeek: "friday" },
    { weekOfMonth: 2, dayOfWeek: "saturday" },
    { weekOfMonth: 3, dayOfWeek: "sunday" },
  ],
  timePreferences: [{ time: "evening", rank: 1 }],
  dietaryRestrictions: [],
  accessibilityNeeds: [],
  termsAccepted: true,
};

/**
 * A valid body for each members' and public route that takes one (for a member with no plan, no partner
 * and no second factor): the fuzz breaks them, the mass-assignment test adds forbidden keys to them.
 * `email` is an existing account's address.
 */
export function validBodies(email: string): Record<string, () => Record<string, unknown>> {
  return {
    "POST /api/register": () => ({
      email: "new@example.com",
      password: NEW_PASSWORD,
      firstName: "Fuzz",
      lastName: "Test",
    }),
    "POST /api/login": () => ({ email, password: "not the password" }),
    "POST /api/forgot-password": () => ({ email }),
    "POST /api/reset-password": () => ({
      token: "x".repeat(43),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    }),
    "POST /api/onboarding/preferences": () => PREFERENCES,
    "POST /api/validate-offer-code": () => ({ code: "NOSUCHCODE", tier: "gold" }),
    "POST /api/create-subscription": () => ({ tier: "gold" }),
    "POST /api/complete-subscription": () => ({ session_token: "x".repeat(40) }),
    "POST /api/dates/:id/reschedule": () => ({ reason: "Work trip" }),
    "POST /api/dates/:id/rating": () => ({ rating: 5, feedback: "Lovely" }),
    "PATCH /api/auth/user": () => ({ firstName: "Sam", city: "London" }),
    "POST /api/account/password": () => ({ currentPassword: "wrong password", newPassword: NEW_PASSWORD }),
    "POST /api/account/2fa/enable": () => ({ code: "123456" }),
    "POST /api/account/2fa/disable": () => ({ code: "123456" }),
    "POST /api/cancel-subscription": () => ({ reason: "Too expensive" }),
    "POST /api/subscription/change-tier": () => ({ tier: "silver" }),
    "POST /api/support/tickets": () => ({ subject: "Hello there", body: "A question about my date" }),
    "POST /api/support/tickets/:id/replies": () => ({ body: "Thanks" }),
    "POST /api/support/inbound": () => ({
      emailId: "fuzz-1",
      from: "someone@example.com",
      subject: "Help",
      text: "Hello",
    }),
    "POST /api/partner/invite": () => ({ email: "partner@example.com" }),
    "POST /api/partner-invite/accept": () => ({ token: "x".repeat(43) }),
    "PUT /api/partner/preferences": () => ({
      dietaryRestrictions: ["Vegan"],
      accessibilityNeeds: [],
      alcoholOk: true,
      termsAccepted: true,
    }),
    "PUT /api/support/tickets/:id": () => ({ status: "resolved" }),
    "POST /api/waitlist": () => ({ email: "waiting@example.com", postcode: "EH1 1YZ" }),
  };
}
