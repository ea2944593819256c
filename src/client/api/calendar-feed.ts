/** The calendar subscription URL (online only: the server makes the secret). */
import { CalendarFeedCreated, CalendarFeedStatus } from '../../shared/contract/calendar.js';
import type { MessageBody } from '../../shared/contract/common.js';
import { request } from './http.js';

export async function fetchCalendarFeed(): Promise<CalendarFeedStatus> {
  return CalendarFeedStatus.parse(await request<unknown>('GET', '/user/calendar-feed', { timeout: 8_000 }));
}
export async function resetCalendarFeed(): Promise<CalendarFeedCreated> {
  return CalendarFeedCreated.parse(await request<unknown>('POST', '/user/calendar-feed'));
}
export async function stopCalendarFeed(): Promise<MessageBody> {
  return request<MessageBody>('DELETE', '/user/calendar-feed');
}
