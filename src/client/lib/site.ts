/** The public address of the site, used for the canonical link, Open Graph and structured data. */
export const SITE_URL = "https://unveil.date/";
