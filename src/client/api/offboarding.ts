/** Offboarding (online only: an administrator acts on another account; docs/operations/offboarding.md). */
import { ActivationResponse, OpenObservationsResponse, ReassignResponse } from '../../shared/contract/offboarding.js';
import { request } from './http.js';

const once = () => ({ 'idempotency-key': crypto.randomUUID() });

export async function deactivateUser(id: string): Promise<ActivationResponse> {
  return ActivationResponse.parse(await request<unknown>('PUT', `/user/${encodeURIComponent(id)}/deactivate`, { headers: once() }));
}
export async function reactivateUser(id: string): Promise<ActivationResponse> {
  return ActivationResponse.parse(await request<unknown>('PUT', `/user/${encodeURIComponent(id)}/reactivate`, { headers: once() }));
}
export async function fetchOpenObservations(id: string): Promise<OpenObservationsResponse> {
  return OpenObservationsResponse.parse(await request<unknown>('GET', `/user/${encodeURIComponent(id)}/open-observations`, { timeout: 8_000 }));
}
export async function reassignObservations(id: string, observerId: string, observationIds: string[]): Promise<ReassignResponse> {
  return ReassignResponse.parse(await request<unknown>('PUT', `/user/${encodeURIComponent(id)}/reassign-observations`, { json: { observerId, observationIds }, headers: once() }));
}
