/** Small formatters for the sync panel. */

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function formatAgo(then: number | null, now: number): string {
  if (then === null || Number.isNaN(then)) return 'never';
  const s = Math.max(0, Math.round((now - then) / 1000));
  if (s < 45) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}

export function formatBytes(n: number | undefined | null): string {
  if (n == null || !Number.isFinite(n)) return 'unknown';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

/** The typed data of a refused change as "field: value" lines (nested values as JSON). */
export function describeArgs(args: unknown): Array<[string, string]> {
  if (!args || typeof args !== 'object') return [['value', JSON.stringify(args)]];
  const out: Array<[string, string]> = [];
  const walk = (obj: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object' && !Array.isArray(v)) walk(v as Record<string, unknown>, key);
      else out.push([key, v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v)]);
    }
  };
  walk(args as Record<string, unknown>, '');
  return out;
}
