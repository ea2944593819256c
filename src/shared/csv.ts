/**
 * CSV cells safe to open in a spreadsheet: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return
 * would be read as a formula (CSV injection: `=HYPERLINK(…)`, `=cmd|…`). Such a cell gets a leading `'`, which
 * spreadsheets show as text and do not display. Every CSV export passes its cells through `csvSafeCell`.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvSafeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The same for every string value of a row (other values are left as they are). */
export function csvSafeRow<T extends Record<string, unknown>>(row: T): T {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? csvSafeCell(v) : v])) as T;
}
