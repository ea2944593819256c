/**
 * Calendars (rules in services/calendar/calendar-feed.ts):
 *   GET    /observation/{id}/calendar.ics   one observation's events (its observer and faculty member)
 *   GET    /user/calendar-feed              whether the caller has a subscription URL
 *   POST   /user/calendar-feed              make or reset it → 201 { url } (shown only here)
 *   DELETE /user/calendar-feed              stop it
 *   GET    /calendar/{secret}.ics           the subscription feed (no token: the URL is the secret)
 * The feed answers are never cached by intermediaries (`private, no-store`): they carry personal schedules.
 * Event times follow CAMPUS_TIME_ZONE (slot times are campus-local); links use PUBLIC_URL or the request's address.
 */
import { isUuid } from '../../shared/ids.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages.js';
import { notFound } from '../services/errors.js';
import { feedCalendar, feedStatus, observationCalendar, resetFeed, stopFeed } from '../services/calendar/calendar-feed.js';
import { CalendarFeedCreated, CalendarFeedStatus } from '../../shared/contract/calendar.js';
import { MessageBody } from '../../shared/contract/common.js';
import { created, routeSchema } from '../http/route-schema.js';

const ICS = 'text/calendar; charset=utf-8';

export default async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  /**
   * Links point at PUBLIC_URL when it is set, otherwise at the address this request came to: its Host, or the
   * X-Forwarded-Host / -Proto of a proxy that TRUST_PROXY believes (Fastify's req.host and req.protocol).
   */
  const baseUrl = (req: FastifyRequest) => (deps.config.publicUrlAuto && req.host ? `${req.protocol}://${req.host}` : deps.config.publicUrl);
  const place = (req: FastifyRequest) => ({ baseUrl: baseUrl(req), timeZone: deps.config.campusTimeZone ?? 'UTC' });

  const ics = routeSchema('/observation/:id/calendar.ics', { tag: 'calendar', summary: 'One observation’s scheduled class and meeting as iCalendar', who: 'its observer and faculty member', produces: 'text/calendar' });
  app.get<{ Params: { id: string } }>('/observation/:id/calendar.ics', { preHandler: app.authenticate, schema: ics }, async (req, reply) => {
    if (!isUuid(req.params.id)) throw notFound(MSG.notFound);
    const { filename, text } = await observationCalendar(deps.db, req.user, req.params.id, place(req));
    return reply.header('content-type', ICS).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(text);
  });

  const status = routeSchema('/user/calendar-feed', { tag: 'calendar', summary: 'Whether the caller has a calendar subscription URL', who: 'signed in', response: CalendarFeedStatus });
  app.get('/user/calendar-feed', { preHandler: app.authenticate, schema: status }, async (req) => feedStatus(deps.db, req.user));

  const reset = routeSchema('/user/calendar-feed', { tag: 'calendar', summary: 'Make or reset the calendar subscription URL (shown only in this answer; the old URL stops working)', who: 'signed in', ...created(CalendarFeedCreated) });
  app.post('/user/calendar-feed', { preHandler: app.authenticate, schema: reset }, async (req, reply) => {
    const made = await resetFeed(deps.db, req.user, baseUrl(req));
    return reply.code(201).header('cache-control', 'no-store').send({ message: MSG.calendarFeedReady, ...made });
  });

  const stop = routeSchema('/user/calendar-feed', { tag: 'calendar', summary: 'Stop the calendar subscription URL', who: 'signed in', response: MessageBody });
  app.delete('/user/calendar-feed', { preHandler: app.authenticate, schema: stop }, async (req) => {
    await stopFeed(deps.db, req.user);
    return { message: MSG.calendarFeedStopped };
  });

  const feed = routeSchema('/calendar/:file', { tag: 'calendar', summary: 'The subscription feed `<secret>.ics` (RFC 5545, UTC): the classes and meetings of the user’s observations', who: 'anyone with the secret URL', produces: 'text/calendar' });
  app.get<{ Params: { file: string } }>('/calendar/:file', { schema: feed }, async (req, reply) => {
    const text = await feedCalendar(deps.db, req.params.file, place(req));
    if (text === null) throw notFound(MSG.notFound);
    return reply.header('content-type', ICS).header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex').send(text);
  });
}
