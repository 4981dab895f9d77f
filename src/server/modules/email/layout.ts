/**
 * The one layout every e-mail is drawn in, HTML and plain text. Most members read mail on a phone, so it is
 * built for 390 px first: the tables are fluid (`width:100%`, `table-layout:fixed`, a 560 px cap), long words
 * and addresses wrap instead of widening the page, and links are buttons or short labels, never a raw address
 * shown as text. The plain-text part puts each link once, at the end of its own line.
 *
 * Dark mode follows the reader's system where the mail app supports `prefers-color-scheme` (Apple Mail, iOS
 * Mail, Outlook on the web); elsewhere the inline light colours stand.
 */
import { BRAND } from "../../../shared/brand.ts";

export interface Rendered {
  subject: string;
  html: string;
  text: string;
}

export interface MailLink {
  label: string;
  url: string;
}

/**
 * A part of a message's body: a paragraph (a string); a place (its name, then one address line, then a
 * directions button); or facts, each a label over its value (when, dress code, what to pay).
 */
export type MailBlock =
  | string
  | { kind: "place"; name: string; address: string | null; button: MailLink }
  | { kind: "facts"; rows: { label: string; value: string }[] };

export interface Message {
  subject: string;
  heading: string;
  blocks: MailBlock[];
  /** The line a mail app shows beside the subject; the first paragraph when not given. */
  preheader?: string;
  cta?: MailLink;
  footnote?: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const PLUM = "#3b1740";
const INK = "#241827";
const MUTED = "#6b5a6e";
const WRAP = "overflow-wrap:anywhere;word-break:break-word";

/** Light colours are inline (every mail app); the dark ones override them by class where the app allows. */
const STYLE = `<style>
:root{color-scheme:light dark;supported-color-schemes:light dark}
img{max-width:100%;height:auto}
a.u-btn{max-width:100%;box-sizing:border-box}
@media (prefers-color-scheme:dark){
.u-page{background:#150d17!important}
.u-card{background:#1d1220!important;color:#f3ece4!important}
.u-head{background:#26192a!important;color:#d8b25c!important}
.u-muted,.u-muted a{color:#bcaab8!important}
.u-place{background:#26192a!important;border-color:#4c2749!important}
.u-label{color:#d8b25c!important}
.u-btn{background:#d8b25c!important;color:#150d17!important;border-color:#d8b25c!important}
.u-btn2{background:transparent!important;color:#e8cf8f!important;border-color:#e8cf8f!important}
.u-link{color:#e8cf8f!important}
}
</style>`;

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** A link's short label: the address without its scheme when short, else its host and an ellipsis. */
export function shortLinkLabel(url: string): string {
  const bare = url.replace(/^https?:\/\//, "").replace(/\/$/, "");
  if (bare.length <= 32) return bare;
  try {
    return `${new URL(url).host}/…`;
  } catch {
    return `${bare.slice(0, 31)}…`;
  }
}

/** Escaped text whose web addresses become links with short labels. */
function withLinks(text: string): string {
  let out = "";
  let at = 0;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    out += escapeHtml(text.slice(at, m.index));
    out += `<a href="${escapeHtml(m[0])}" class="u-link" style="color:${PLUM}">${escapeHtml(shortLinkLabel(m[0]))}</a>`;
    at = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(at));
}

function button(link: MailLink, secondary = false): string {
  const look = secondary
    ? `background:#ffffff;color:${PLUM};border:2px solid ${PLUM}`
    : `background:${PLUM};color:#ffffff;border:2px solid ${PLUM}`;
  return `<a href="${escapeHtml(link.url)}" class="u-btn${secondary ? "2" : ""}" style="${look};padding:11px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block;max-width:100%;box-sizing:border-box;text-align:center;${WRAP}">${escapeHtml(link.label)}</a>`;
}

function blockHtml(b: MailBlock): string {
  if (typeof b === "string") return `<p style="margin:0 0 16px;line-height:1.6">${withLinks(b)}</p>`;
  if (b.kind === "place") {
    const address = b.address
      ? `<p class="u-muted" style="margin:0 0 14px;line-height:1.5;color:${MUTED}">${escapeHtml(b.address)}</p>`
      : "";
    return `<div class="u-place" style="margin:0 0 20px;padding:18px 18px 20px;border:1px solid #e8dfd3;border-radius:10px;background:#faf7f2">
<p style="margin:0 0 4px;font-size:21px;line-height:1.3;font-family:Georgia,serif;font-weight:bold">${escapeHtml(b.name)}</p>${address}${button(b.button, true)}</div>`;
  }
  return b.rows
    .map(
      (r) =>
        `<p style="margin:0 0 14px;line-height:1.5"><span class="u-label" style="display:block;font-size:12px;letter-spacing:0.06em;text-transform:uppercase;color:${MUTED}">${escapeHtml(r.label)}</span>${withLinks(r.value)}</p>`,
    )
    .join("");
}

function blockText(b: MailBlock): string[] {
  if (typeof b === "string") return [b, ""];
  if (b.kind === "place")
    return [b.name, ...(b.address ? [b.address] : []), `${b.button.label}: ${b.button.url}`, ""];
  return [...b.rows.map((r) => `${r.label}: ${r.value}`), ""];
}

function html(m: Message): string {
  const preheader = m.preheader ?? m.blocks.find((b) => typeof b === "string") ?? m.heading;
  const cta = m.cta ? `<p style="margin:24px 0 8px">${button(m.cta)}</p>` : "";
  const foot = m.footnote
    ? `<p class="u-muted" style="margin:16px 0 0;font-size:13px;line-height:1.5;color:${MUTED}">${withLinks(m.footnote)}</p>`
    : "";
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${escapeHtml(m.heading)}</title>${STYLE}</head>
<body class="u-page" style="margin:0;padding:0;background:#f6f1ec;font-family:Helvetica,Arial,sans-serif;font-size:16px;color:${INK};-webkit-text-size-adjust:100%">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(preheader)}</div>
<table role="presentation" class="u-page" width="100%" cellpadding="0" cellspacing="0" style="width:100%;table-layout:fixed;background:#f6f1ec"><tr><td align="center" style="padding:16px 10px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;table-layout:fixed">
<tr><td class="u-head" style="background:${PLUM};color:#f3d27a;padding:18px 22px;border-radius:12px 12px 0 0;font-size:22px;font-family:Georgia,serif">${escapeHtml(BRAND.name)}</td></tr>
<tr><td class="u-card" style="background:#ffffff;color:${INK};padding:24px 22px;border-radius:0 0 12px 12px;${WRAP}">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;font-family:Georgia,serif">${escapeHtml(m.heading)}</h1>${m.blocks.map(blockHtml).join("")}${cta}${foot}
</td></tr>
<tr><td class="u-muted" style="padding:16px 8px;font-size:12px;line-height:1.5;color:${MUTED};text-align:center;${WRAP}">${escapeHtml(BRAND.name)} · Surprise dates in London · <a href="mailto:${BRAND.contactEmail}" style="color:${MUTED}">${BRAND.contactEmail}</a></td></tr>
</table></td></tr></table></body></html>`;
}

function text(m: Message): string {
  return [
    m.heading,
    "",
    ...m.blocks.flatMap(blockText),
    ...(m.cta ? [`${m.cta.label}: ${m.cta.url}`, ""] : []),
    ...(m.footnote ? [m.footnote, ""] : []),
    `${BRAND.name} · ${BRAND.contactEmail}`,
  ].join("\n");
}

/** A message in the shared layout: its subject, and the same content as HTML and as plain text. */
export function renderMessage(m: Message): Rendered {
  return { subject: m.subject, html: html(m), text: text(m) };
}
