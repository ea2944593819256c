/**
 * The calendar events of an observation, from its document as the viewer sees it:
 *
 *   class    the scheduled class of the informed observation: the day of obsRequest.scheduledOn at the picked
 *            slot's start on the campus clock (CAMPUS_TIME_ZONE; slot times are campus-local), lasting the slot's
 *            range ("09:00-10:30" → 90 min; 60 min when the slot has no end), in the slot's room; TENTATIVE until
 *            both sides accepted; links to the informed observation's page. UID `class-<obsRequest id>@observa`.
 *   meeting  the post-observation meeting once the faculty member chose one of the observer's slots: 60 min at that
 *            time, at its location; links to the meeting page. UID `meeting-<post-observation id>@observa`.
 *
 * SEQUENCE is the observation's sync version, which rises with every change of the document, so a calendar that
 * sees the same UID again replaces the event.
 */
import { campusInstant } from '../../../shared/campus-time.js';
import { dayOf } from '../../../shared/class-dates.js';
import type { Observation } from '../../../shared/contract/observations.js';
import type { CalendarEvent } from './ics.js';

/** Where links point and which clock slot times are on. */
export interface CalendarPlace {
  /** The app's address (PUBLIC_URL, or the one the request came to). */
  baseUrl: string;
  /** IANA zone of the campus (CAMPUS_TIME_ZONE). */
  timeZone: string;
}

/** The room of the class: the faculty member's slot of that course on the picked day and time. */
function classRoom(o: Observation): string | null {
  const pick = o.obsRequest?.timeSlotByObserver[0];
  if (!pick) return null;
  const slots = (o.faculty.courseSlots ?? []).filter((s) => (!o.course || s.courseId === o.course.id) && s.day === pick.day);
  return (slots.find((s) => s.time === pick.time) ?? slots[0])?.location || null;
}

const HOUR = 3_600_000;

/** Minutes of a slot time "HH:MM-HH:MM"; null without a valid end after the start. */
export function slotMinutes(time: string | undefined): number | null {
  const m = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec((time ?? '').trim());
  if (!m) return null;
  const minutes = Number(m[3]) * 60 + Number(m[4]) - (Number(m[1]) * 60 + Number(m[2]));
  return minutes > 0 ? minutes : null;
}

function validDate(s: string | null | undefined): Date | null {
  if (!s) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function observationEvents(o: Observation, place: CalendarPlace): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  const course = o.course ? `${o.course.courseCode} ${o.course.name}` : 'class';
  const who = `Faculty: ${o.faculty.name}\nObserver: ${o.observer.name}\nSemester: ${o.semester}`;
  const base = place.baseUrl.replace(/\/$/, '');
  const stamp = validDate(o.updatedAt) ?? new Date(0);
  const r = o.obsRequest;
  const day = dayOf(r?.scheduledOn);
  const slotTime = r?.timeSlotByObserver[0]?.time;
  const classStart = day && validDate(r?.scheduledOn) ? (slotTime ? campusInstant(day, slotTime, place.timeZone) : validDate(r?.scheduledOn)) : null;
  if (r && classStart) {
    const minutes = slotMinutes(r.timeSlotByObserver[0]?.time) ?? 60;
    events.push({
      uid: `class-${r.id}@observa`,
      sequence: o.version,
      start: classStart,
      end: new Date(classStart.getTime() + minutes * 60_000),
      summary: `Observed class: ${course}`,
      description: `Informed observation of ${o.faculty.name}.\n${who}`,
      location: classRoom(o),
      status: r.facultyAccepted && r.observerAccepted ? 'CONFIRMED' : 'TENTATIVE',
      stamp,
      url: `${base}/observations/observation-rubric/${o.id}`,
    });
  }
  const post = o.meetings.postObservation;
  const chosen = post?.timeSlotsByObserver.find((s) => s.id === post.timeSlotByFaculty);
  const meetingStart = validDate(chosen?.dateTime);
  if (post && meetingStart) {
    events.push({
      uid: `meeting-${post.id}@observa`,
      sequence: o.version,
      start: meetingStart,
      end: new Date(meetingStart.getTime() + HOUR),
      summary: `Post-observation meeting: ${course}`,
      description: `Post-observation meeting of ${o.faculty.name} and ${o.observer.name}.\n${who}`,
      location: post.location,
      status: 'CONFIRMED',
      stamp,
      url: `${base}/observations/post-observation-meeting/${o.id}`,
    });
  }
  return events;
}
