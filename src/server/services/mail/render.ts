/** Renders an email template: {{token}} → value, values HTML-escaped (names come from users). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Linear on any input: every match starts at "{{" and its runs (spaces, a name, spaces) cannot contain "{", so no
 * two attempts rescan the same text; bodies are also bounded by TEXT_MAX.emailTemplate in the contract.
 */
export function renderTemplate(text: string, vars: Record<string, string>, escape = true): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, key: string) =>
    key in vars ? (escape ? escapeHtml(vars[key]) : vars[key]) : whole,
  );
}
