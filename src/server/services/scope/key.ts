/**
 * The scope key: the inputs of the visibility rules that live on the user rather than on the rows they see.
 * Row-level changes (an observation reassigned, a slot moved) bump the rows' versions and reach the device as
 * updates or tombstones; a change of the user's own role or department changes what whole sets of untouched
 * rows mean for them. The pull carries the key; a device holding another key is told to reset (re-download,
 * keeping its outbox), which drops everything the user may no longer see.
 */
import type { Viewer } from './observations.js';

export function scopeKey(u: Viewer): string {
  return `${u.role}:${u.departmentId ?? '-'}`;
}
