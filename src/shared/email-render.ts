/**
 * The ONE email renderer: the server sends exactly what the template editor previews.
 *
 * A template body is plain text in which three things have a meaning:
 *   - a line break: `<br>` (as the editor's insert button writes it, also `<br/>`, `<br />`) or a newline;
 *   - `{{key}}` for a key present in `vars` (name, email, link, and the extra values an email type supplies):
 *     replaced by the value, as text;
 *   - `{{link}}`: the product's address, as a link.
 * Everything else — `<script>`, `<b>`, an unknown `{{token}}` — is literal text. `emailParts` cuts a body into
 * those parts; the server serialises them with `emailHtml` (every text and value HTML-escaped, so a user's name
 * can never inject markup) and the client preview turns the same parts into React elements.
 */

/**
 * The values the server adds to {{name}}, {{email}} and {{link}} per email type (services/admin/prompt.ts,
 * services/observations/events.ts); the editor's preview fills the same ones with samples.
 */
export const EMAIL_EXTRA_TOKENS = {
  CreateUser: [],
  InitiateObs: ['title', 'message', 'route'],
  UpdateObs: ['title', 'message', 'route'],
  ObsPrompt: ['department', 'threshold', 'faculty'],
} as const satisfies Record<string, readonly string[]>;

export type EmailPart =
  | { kind: 'text'; text: string }
  | { kind: 'break' }
  | { kind: 'value'; key: string; text: string }
  | { kind: 'link'; href: string };

const BREAK = /<br\s*\/?>|\r?\n/gi;
const TOKEN = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

export function emailParts(body: string, vars: Readonly<Record<string, string>>): EmailPart[] {
  const out: EmailPart[] = [];
  body.split(BREAK).forEach((line, i) => {
    if (i > 0) out.push({ kind: 'break' });
    let last = 0;
    for (const m of line.matchAll(TOKEN)) {
      const key = m[1];
      if (!Object.hasOwn(vars, key)) continue; // unknown token: stays literal text
      if (m.index > last) out.push({ kind: 'text', text: line.slice(last, m.index) });
      out.push(key === 'link' ? { kind: 'link', href: vars[key] } : { kind: 'value', key, text: vars[key] });
      last = m.index + m[0].length;
    }
    if (last < line.length) out.push({ kind: 'text', text: line.slice(last) });
  });
  return out;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The HTML body that is sent. */
export function emailHtml(body: string, vars: Readonly<Record<string, string>>): string {
  return emailParts(body, vars)
    .map((p) => {
      switch (p.kind) {
        case 'break':
          return '<br>';
        case 'link':
          return `<a href="${escapeHtml(p.href)}">${escapeHtml(p.href)}</a>`;
        default:
          return escapeHtml(p.text);
      }
    })
    .join('');
}

/** Plain text (the subject line, a text alternative): breaks become spaces when `oneLine`, else newlines. */
export function emailText(body: string, vars: Readonly<Record<string, string>>, oneLine = false): string {
  const text = emailParts(body, vars)
    .map((p) => (p.kind === 'break' ? '\n' : p.kind === 'link' ? p.href : p.text))
    .join('');
  return oneLine ? text.replace(/\s+/g, ' ').trim() : text;
}
