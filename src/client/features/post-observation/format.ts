/** SPEC §9 long-month US dates, with the time for meeting slots ("November 25, 2026 at 10:30 AM"). */
export function longDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleString('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** A datetime-local value ("2026-11-25T10:30", local time) → UTC ISO with seconds and ms (SPEC §5). */
export function localToIso(v: string): string | null {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export const errText = (err: unknown, fallback: string) => (err instanceof Error ? err.message : fallback);

export type ArtifactKind = 'link' | 'video' | 'image';
/** pdf / docx → link, mp4 → video, anything else → image thumbnail (SPEC §2). */
export function artifactKind(a: { name: string; type: string }): ArtifactKind {
  const t = a.type.toLowerCase();
  const ext = a.name.toLowerCase().split('.').pop() ?? '';
  if (t.includes('pdf') || t.includes('word') || ext === 'pdf' || ext === 'docx' || ext === 'doc' || t === 'pdf' || t === 'docx') return 'link';
  if (t.includes('mp4') || t.startsWith('video/') || ext === 'mp4') return 'video';
  return 'image';
}

export const ARTIFACT_ACCEPT = '.pdf,.docx,.jpg,.jpeg,.png,.mp4,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,image/jpeg,image/png,video/mp4';
export const isPendingUpload = (url: string) => url.startsWith('pending-upload:');
