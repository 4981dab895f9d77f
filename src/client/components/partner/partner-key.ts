/** GET /api/partner: the member's partner and any invitation waiting. */
export const PARTNER_KEY = ["/api/partner"] as const;

/** GET /api/partner/preferences: which questionnaire is the member's, and the couple's shared answers. */
export const PARTNER_PREFERENCES_KEY = ["/api/partner/preferences"] as const;
