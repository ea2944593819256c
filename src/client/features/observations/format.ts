/** Display helpers of the observation screens (SPEC §9: dates in long-month US format, "November 22, 2026"). */
export function longDate(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value.length === 10 ? `${value}T00:00:00` : value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export const STATUS_COLOR: Record<string, string> = { Pending: 'gray', Ongoing: 'blue', Scheduled: 'violet', Completed: 'teal', 'Ready to start': 'cyan' };
export const statusColor = (s: string | null | undefined) => STATUS_COLOR[s ?? ''] ?? 'gray';
