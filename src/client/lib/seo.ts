/**
 * What search engines and link previews read about the landing page: title, description, canonical link,
 * Open Graph tags and schema.org structured data. Built from the same constants as the page itself and
 * written into dist/client/index.html at build time by scripts/prerender.ts.
 */
import { BRAND } from "../../shared/brand.ts";
import { formatPence, REVEAL_WINDOW_HOURS, TIER_IDS, TIERS } from "../../shared/constants.ts";
import { DEFAULT_TITLE } from "./document-title.ts";
import { SITE_URL } from "./site.ts";

const cheapest = TIERS[TIER_IDS[0]];
const dearest = TIERS[TIER_IDS[TIER_IDS.length - 1]];

export const LANDING_TITLE = DEFAULT_TITLE;

export const LANDING_DESCRIPTION =
  `Surprise dates in ${BRAND.city}, planned and booked for the two of you and revealed ` +
  `${REVEAL_WINDOW_HOURS} hours before. Personalised to your budget. ` +
  `From ${formatPence(cheapest.monthlyPricePence)} a month, no setup fees, cancel anytime.`;

function datesLabel(n: number): string {
  return `${n} mystery date${n === 1 ? "" : "s"} a month`;
}

/** schema.org data: the business in London and its three plans as monthly offers in GBP. */
export function structuredData(): Record<string, unknown> {
  const area = { "@type": "City", name: BRAND.city };
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${SITE_URL}#business`,
    name: BRAND.name,
    url: SITE_URL,
    logo: `${SITE_URL}favicon.svg`,
    image: `${SITE_URL}favicon.svg`,
    description: LANDING_DESCRIPTION,
    slogan: BRAND.tagline,
    email: BRAND.contactEmail,
    address: { "@type": "PostalAddress", addressLocality: BRAND.city, addressCountry: "GB" },
    areaServed: area,
    sameAs: [BRAND.socialUrl],
    priceRange: `${formatPence(cheapest.monthlyPricePence)}-${formatPence(dearest.monthlyPricePence)} a month`,
    currenciesAccepted: "GBP",
    paymentAccepted: "Direct Debit",
    makesOffer: TIER_IDS.map((id) => {
      const tier = TIERS[id];
      const price = tier.monthlyPricePence / 100;
      return {
        "@type": "Offer",
        name: `${tier.name} membership`,
        description: `${tier.tagline}. ${datesLabel(tier.datesPerMonth)}, planned and booked in ${BRAND.city}.`,
        url: `${SITE_URL}auth?tier=${id}`,
        price,
        priceCurrency: "GBP",
        availability: "https://schema.org/InStock",
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price,
          priceCurrency: "GBP",
          unitCode: "MON",
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
        },
        itemOffered: {
          "@type": "Service",
          name: `${BRAND.name} ${tier.name}`,
          serviceType: "Surprise date planning and booking",
          description: tier.features.join(". "),
          areaServed: area,
          provider: { "@id": `${SITE_URL}#business` },
        },
      };
    }),
  };
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** JSON inside <script>: no "<" can close the element early. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The <head> elements of the landing page, as HTML. */
export function landingHeadHtml(): { title: string; description: string; extra: string } {
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeAttr(content)}" />`;
  const extra = [
    `<link rel="canonical" href="${SITE_URL}" />`,
    meta("og:type", "website"),
    meta("og:site_name", BRAND.name),
    meta("og:locale", "en_GB"),
    meta("og:url", SITE_URL),
    meta("og:title", LANDING_TITLE),
    meta("og:description", LANDING_DESCRIPTION),
    `<meta name="twitter:card" content="summary" />`,
    `<script type="application/ld+json">${jsonForScript(structuredData())}</script>`,
  ].join("\n    ");
  return {
    title: `<title>${escapeText(LANDING_TITLE)}</title>`,
    description: `<meta name="description" content="${escapeAttr(LANDING_DESCRIPTION)}" />`,
    extra,
  };
}
