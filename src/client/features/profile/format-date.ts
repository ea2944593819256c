/** SPEC §9: dates use the long-month US format ("March 5, 2024"). Non-dates are shown as they are. */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = new Date(value.length === 10 ? `${value}T00:00:00` : value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** The `YYYY-MM-DD` an `<input type="date">` needs, from a stored date or ISO date-time. */
export function toDateInput(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return m ? m[1] : '';
}
