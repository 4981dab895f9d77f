import { BRAND } from "../../shared/brand.ts";
import { AUTH_HINT_COOKIE, POLICY, SESSION_COOKIE } from "../../shared/constants.ts";
import type { LegalDocument } from "./legal.ts";

export const PRIVACY: LegalDocument = {
  title: "Privacy Policy",
  updated: "21 November 2026",
  summary: `What we keep about the two of you, why, who sees it, and how to get a copy or have it deleted. We keep only what we need to plan your dates, take payment and send your reveals, and we never sell it.`,
  sections: [
    {
      heading: "1. Who we are",
      blocks: [
        `${BRAND.name} ("we", "us") decides how your personal data is used for the service described here, and is responsible for it under UK data protection law. You can reach us about anything in this policy at ${BRAND.contactEmail}.`,
      ],
    },
    {
      heading: "2. What we keep",
      blocks: [
        {
          list: [
            "Account details: your names, e-mail address, and the phone number and city if you give them. Your password is stored only as a secure one-way hash that nobody can read.",
            "Your preferences: postcode, how far you will travel, budget, the kinds of date you enjoy, when you are free, and whether you are happy with alcohol.",
            "Dietary and accessibility needs, if you tell us about them.",
            "Your dates: what we booked, when, and the ratings and comments you give afterwards.",
            "Payment references: the identifiers and status our payment provider gives us for your Direct Debit and payments. Your bank details stay with the payment provider and never reach us.",
            "E-mail records: which messages we sent you, when, and whether they were delivered.",
            "Support messages you send us, and our replies.",
            "Security records: sign-in times and the address your device connects from, used to protect accounts.",
          ],
        },
      ],
    },
    {
      heading: "3. Dietary and accessibility needs",
      blocks: [
        "Needs such as an allergy, a condition that affects what you can eat, or an accessibility requirement can say something about your health, and some dietary choices can reflect a religious belief. The law gives this information extra protection, and so do we.",
        "We only use it with your explicit consent, which you give when you add it. It is used for one thing: choosing venues that suit you and telling the venue what it needs to know for your booking. Only the people who plan your dates can see it. You can change or remove it at any time in your settings, which also withdraws your consent.",
      ],
    },
    {
      heading: "4. Why we use it, and our legal bases",
      blocks: [
        {
          list: [
            "To plan and book your dates, and to send your reveals, confirmations and other service e-mails: to perform our contract with you.",
            "To take payment by Direct Debit: to perform our contract with you.",
            "To use dietary and accessibility needs when choosing and booking venues: your explicit consent.",
            "To learn from your ratings and make later dates better: our legitimate interest in improving the service, which you can object to.",
            "To keep accounts secure and prevent fraud and abuse: our legitimate interest in protecting you and the service.",
            "To send news and offers: your consent, or, as a member, our legitimate interest in telling you about similar services. You can opt out in settings or from any such e-mail.",
            "To keep financial records: our legal obligations, such as tax law.",
          ],
        },
      ],
    },
    {
      heading: "5. Who we share it with",
      blocks: [
        "We never sell your data, and we do not share it with advertisers.",
        {
          list: [
            "Venues: only what the booking needs, usually the name for the reservation, the number of guests, the time, and any relevant dietary or accessibility needs.",
            "Our payment provider, which runs your Direct Debit and holds your bank details.",
            "The services that host our systems and deliver our e-mails and text messages, which act only on our instructions.",
            "Authorities, when the law requires it.",
          ],
        },
        "Where a provider handles data outside the UK, we make sure it is protected to UK standards, for example by the UK's approved contract terms.",
      ],
    },
    {
      heading: "6. How long we keep it",
      blocks: [
        {
          list: [
            "Your account, preferences and date history: while you are a member. When you delete your account, we delete them within 30 days.",
            "Dietary and accessibility needs: until you remove them or delete your account.",
            "Payment and billing records: six years after the end of the financial year they relate to, as tax law requires.",
            "Support messages: two years after the conversation ends.",
            "E-mail records: twelve months.",
            "Security records: ninety days.",
          ],
        },
      ],
    },
    {
      heading: "7. Your rights",
      blocks: [
        {
          list: [
            "Access: ask for a copy of the data we hold about you.",
            "Export: download your data in a machine-readable format from your settings.",
            "Correction: fix anything that is wrong, most of it directly in your settings.",
            "Deletion: delete your account from your settings, or ask us to.",
            "Objection: object to uses based on our legitimate interests, and stop marketing at any time.",
            "Restriction and withdrawal of consent: ask us to pause a use while a concern is looked at, and withdraw consent you have given.",
          ],
        },
        `Write to ${BRAND.contactEmail} to use any of these rights. We reply within one month. If you are unhappy with how we have handled your data, you can complain to the Information Commissioner's Office (ico.org.uk), though we would like the chance to put it right first.`,
      ],
    },
    {
      heading: "8. Cookies",
      blocks: [
        `We use only the cookies the site needs to work: "${SESSION_COOKIE}", which keeps you signed in and cannot be read by scripts, and "${AUTH_HINT_COOKIE}", which holds no personal data and only tells the page that someone may be signed in. We use no advertising or tracking cookies.`,
      ],
    },
    {
      heading: "9. Keeping it safe",
      blocks: [
        "Connections to the site are encrypted, passwords are hashed, and access to member data is limited to the people who need it to plan dates and support you. No system is perfectly secure; if a breach put you at risk, we would tell you and the regulator as the law requires.",
      ],
    },
    {
      heading: "10. Age",
      blocks: [
        `${BRAND.name} is only for people aged ${POLICY.minimumAge} or over. We do not knowingly keep data about anyone younger, and we delete it if we find we have.`,
      ],
    },
    {
      heading: "11. Changes and contact",
      blocks: [
        `If we change this policy in a way that matters, we will e-mail you before the change applies. Questions are welcome at ${BRAND.contactEmail}.`,
      ],
    },
  ],
};
