/**
 * The calibration reports' calls (docs/adr/2026-11-28-calibration.md): a closed session's results, who of a
 * department is due, a rubric version's certification thresholds and an observer's severity. All are computed by
 * the server from every participant's scores (a device holds only its reader's own), so the pages read them online;
 * the thresholds are changed by a direct call to their mutator, whose answer or refusal the page shows at once.
 */
import {
  CalibrationDue,
  CalibrationResults,
  CalibrationSession,
  CalibrationSeverity,
  CalibrationThresholds,
} from '../../shared/contract/calibration.js';
import { request } from './http.js';

const enc = encodeURIComponent;

export async function fetchCalibrationSession(id: string): Promise<CalibrationSession> {
  return CalibrationSession.parse(await request<unknown>('GET', `/calibration/sessions/${enc(id)}`));
}
export async function fetchCalibrationResults(id: string): Promise<CalibrationResults> {
  return CalibrationResults.parse(await request<unknown>('GET', `/calibration/sessions/${enc(id)}/results`));
}
export async function fetchCalibrationDue(query: { departmentId?: number | null; rubricVersionId?: string | null }): Promise<CalibrationDue> {
  const params = new URLSearchParams();
  if (query.departmentId != null) params.set('departmentId', String(query.departmentId));
  if (query.rubricVersionId) params.set('rubricVersionId', query.rubricVersionId);
  const q = params.size ? `?${params.toString()}` : '';
  return CalibrationDue.parse(await request<unknown>('GET', `/calibration/due${q}`));
}
export async function fetchCalibrationThresholds(versionId: string): Promise<CalibrationThresholds> {
  return CalibrationThresholds.parse(await request<unknown>('GET', `/calibration/thresholds/${enc(versionId)}`));
}
export async function saveCalibrationThresholds(versionId: string, body: { adjacentPct: number; exactPct: number }): Promise<CalibrationThresholds> {
  const headers = { 'idempotency-key': crypto.randomUUID() };
  return CalibrationThresholds.parse(await request<unknown>('PUT', `/calibration/thresholds/${enc(versionId)}`, { json: body, headers }));
}
export async function fetchCalibrationSeverity(observerId: string, rubricVersionId: string): Promise<CalibrationSeverity> {
  return CalibrationSeverity.parse(await request<unknown>('GET', `/calibration/severity/${enc(observerId)}?rubricVersionId=${enc(rubricVersionId)}`));
}
