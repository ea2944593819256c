/**
 * Calibration's direct calls (docs/adr/2026-11-28-calibration.md): creating a session is online only (its video
 * is the organiser's finished upload, and the server checks observers, version and deadline at once), and the
 * organiser's list and view come from the server (a device replicates only the sessions its user takes part in).
 * An organiser's edit and deletion of an open session are online only too. Scores, the submission and notes go
 * through the outbox instead (src/shared/sync/mutations/calibration.ts).
 */
import { z } from 'zod';
import { CalibrationSession, type CalibrationSessionCreate, type CalibrationSessionEdit } from '../../shared/contract/calibration.js';
import { request } from './http.js';

export async function fetchCalibrationSessions(): Promise<CalibrationSession[]> {
  return z.array(CalibrationSession).parse(await request<unknown>('GET', '/calibration/sessions'));
}

export async function fetchCalibrationSession(id: string): Promise<CalibrationSession> {
  return CalibrationSession.parse(await request<unknown>('GET', `/calibration/sessions/${encodeURIComponent(id)}`));
}

export async function createCalibrationSession(body: CalibrationSessionCreate): Promise<CalibrationSession> {
  return CalibrationSession.parse(await request<unknown>('POST', '/calibration/sessions', { json: body, headers: { 'idempotency-key': crypto.randomUUID() } }));
}

export async function editCalibrationSession(id: string, body: CalibrationSessionEdit): Promise<CalibrationSession> {
  return CalibrationSession.parse(await request<unknown>('PUT', `/calibration/sessions/${encodeURIComponent(id)}`, { json: body, headers: { 'idempotency-key': crypto.randomUUID() } }));
}

export async function deleteCalibrationSession(id: string): Promise<void> {
  await request<unknown>('DELETE', `/calibration/sessions/${encodeURIComponent(id)}`, { headers: { 'idempotency-key': crypto.randomUUID() } });
}
