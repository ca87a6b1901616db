/*
 * The emails are written with the tagged template below rather than React Email or MJML: they
 * are rendered inside server actions, and Next's App Router refuses react-dom/server in its
 * server graph. The tag needs no dependency, and it escapes every value by default. It is not
 * named `html` because Prettier reformats templates with that tag as HTML, which would put its
 * line breaks and indentation into the emails.
 */

/** An email as its template renders it; the outbox adds the recipient and the Message-ID. */
export interface Email {
  subject: string;
  /** The plain-text part. */
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /** A calendar invitation (RFC 5545 text), sent as the message's text/calendar part. */
  calendar?: string;
}

/** HTML that markup`` wrote: its values were escaped, so it is inserted as it is. */
class SafeHtml {
  constructor(readonly html: string) {}
}

/** What markup`` interpolates: a list is joined, and null, undefined or false writes nothing. */
type Fragment = SafeHtml | string | number | null | undefined | false | readonly Fragment[];

// Every attribute is double-quoted, so the apostrophe needs no escape.
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function render(fragment: Fragment): string {
  if (fragment === null || fragment === undefined || fragment === false) return "";
  if (fragment instanceof SafeHtml) return fragment.html;
  if (Array.isArray(fragment)) return fragment.map(render).join("");
  return escapeHtml(String(fragment));
}

/** HTML in which every interpolated value is escaped, unless markup`` made it. */
export function markup(strings: TemplateStringsArray, ...values: Fragment[]): SafeHtml {
  return new SafeHtml(strings.reduce((html, string, i) => html + render(values[i - 1]) + string));
}

/** Labelled values, as the emails list them: a table in HTML, "Label: value" lines in text. */
export type Rows = Array<[string, string]>;

export const table = (rows: Rows) =>
  markup`<table>${rows.map(([label, value]) => markup`<tr><th align="left">${label}</th><td>${value}</td></tr>`)}</table>`;

export const rowLines = (rows: Rows) => rows.map(([label, value]) => `${label}: ${value}`);

export const link = (href: string, label: string) => markup`<a href="${href}">${label}</a>`;

/** An email's parts besides its text and HTML: its subject, headers and invitation. */
type Parts = Omit<Email, "text" | "html">;

/** An email from its text part, line by line, and its HTML, block by block. */
export function email({ text, html, ...parts }: Parts & { text: string[]; html: Fragment[] }): Email {
  return { ...parts, text: text.join("\n"), html: render(html) };
}

/**
 * The letter the quote and booking emails share: a greeting, paragraphs, tables and an optional
 * link, in that order, the same in both parts.
 */
export function letter({
  greeting,
  paragraphs,
  tables,
  action,
  ...parts
}: Parts & { greeting: string; paragraphs: string[]; tables: Rows[]; action?: { label: string; href: string } }): Email {
  return email({
    ...parts,
    text: [
      greeting,
      "",
      ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
      ...tables.flatMap((rows) => [...rowLines(rows), ""]),
      ...(action ? [`${action.label}: ${action.href}`] : []),
    ],
    html: [
      markup`<p>${greeting}</p>`,
      paragraphs.map((paragraph) => markup`<p>${paragraph}</p>`),
      tables.map((rows) => table(rows)),
      action && markup`<p>${link(action.href, action.label)}</p>`,
    ],
  });
}
