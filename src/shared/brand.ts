/** The product's name and public contact points, in one place so a rename is one edit. */
export const BRAND = {
  name: "Unveil",
  tagline: "Surprise dates in London, revealed 48 hours before.",
  contactEmail: "hello@unveil.date",
  supportEmail: "support@unveil.date",
  socialUrl: "https://www.instagram.com/unveil.dates",
  socialLabel: "Instagram",
  city: "London",
} as const;
