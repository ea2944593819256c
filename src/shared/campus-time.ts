/**
 * Campus time (CAMPUS_TIME_ZONE): class slots are campus-local ("Monday 10:00" means ten o'clock on the campus's
 * clock), while instants travel in UTC. These turn a campus day and time into the instant, and back. IANA zones
 * through Intl only (no zone database of our own); daylight-saving gaps resolve to the later offset.
 */

/** Minutes the zone is ahead of UTC at the instant `ms`. */
function offsetMinutes(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * The instant of `day` (`YYYY-MM-DD`) at `time` ("HH:MM", or the start of "HH:MM-HH:MM") on the campus clock; an
 * Invalid Date for a day that is not one.
 */
export function campusInstant(day: string, time: string, timeZone: string): Date {
  const [h, m] = (/^(\d{1,2}):(\d{2})/.exec(time.trim()) ?? [null, '0', '0']).slice(1).map(Number);
  const [y, mo, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, m);
  if (Number.isNaN(wall)) return new Date(NaN);
  const first = wall - offsetMinutes(wall, timeZone) * 60_000;
  // Once more at the found instant: right across a daylight-saving change between the wall time and the guess.
  return new Date(wall - offsetMinutes(first, timeZone) * 60_000);
}

/** Is `zone` an IANA time zone this runtime knows? */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
