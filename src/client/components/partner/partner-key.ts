/** GET /api/partner: the member's partner and any invitation waiting. */
export const PARTNER_KEY = ["/api/partner"] as const;
