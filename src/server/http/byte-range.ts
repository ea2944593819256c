/**
 * One HTTP byte range (RFC 9110 §14) of a stored file, so a browser's <video> can seek without downloading the
 * whole lesson. One range only: a multi-range request is answered whole (200), which the RFC allows.
 *
 *   no Range header, or one this parser does not serve (another unit, several ranges)   null → 200, whole file
 *   bytes=a-b / bytes=a- / bytes=-n that overlaps the file                              {start, end} → 206
 *   a well-formed range that starts past the end (or an empty file, or -0)              'unsatisfiable' → 416
 */
export interface ByteRange {
  start: number;
  /** Inclusive, as Content-Range writes it. */
  end: number;
}

const SINGLE = /^bytes=(\d*)-(\d*)$/;

export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header ? SINGLE.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null; // invalid: ignored, the whole file is sent
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
