/**
 * RFC 5545 text for Observa's events: VCALENDAR with VEVENTs, CRLF line ends, lines folded at 75 octets, TEXT
 * values escaped (\\ ; , newline), times in UTC (`YYYYMMDDTHHMMSSZ`). Pure: no database, no clock.
 */
export interface CalendarEvent {
  /** Stable across updates: a calendar replaces the event with the same UID (RFC 5545 §3.8.4.7). */
  uid: string;
  /** Grows with every change of the event's source (the observation's sync version). */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string | null;
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  /** When the source last changed. */
  stamp: Date;
  url: string | null;
}

export function icsDate(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** TEXT escaping (§3.3.11); CR is dropped, LF becomes `\n`. */
export function icsText(s: string): string {
  let out = '';
  for (const ch of s) {
    if (ch === '\\' || ch === ';' || ch === ',') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch !== '\r') out += ch;
  }
  return out;
}

/** Folds a content line at 75 octets (§3.1), never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with one space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarText(name: string, events: readonly CalendarEvent[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Observa//Teaching observations//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${icsText(name)}`];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `SEQUENCE:${e.sequence}`,
      `DTSTAMP:${icsDate(e.stamp)}`,
      `DTSTART:${icsDate(e.start)}`,
      `DTEND:${icsDate(e.end)}`,
      `SUMMARY:${icsText(e.summary)}`,
      `DESCRIPTION:${icsText(e.description)}`,
      ...(e.location ? [`LOCATION:${icsText(e.location)}`] : []),
      ...(e.url ? [`URL:${e.url}`] : []),
      `STATUS:${e.status}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
