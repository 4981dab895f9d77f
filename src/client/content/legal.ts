/** The shape of a legal document shown in a dialog: plain paragraphs and bullet lists under headings. */
export type LegalBlock = string | { list: string[] };

export interface LegalSection {
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** When the text last changed, as shown to members ("21 November 2026"). */
  updated: string;
  summary: string;
  sections: LegalSection[];
}

/** The legal documents the site shows in a dialog and on their own pages. */
export type LegalDocId = "terms" | "privacy";
