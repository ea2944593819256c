/** Single sign-on calls (docs/api.md): how one may sign in, the ticket trade, and the Admin's pending list. */
import type { ApproveSsoRequest, SignInMethods, SsoRequestList } from '../../shared/contract/sso.js';
import type { SessionUser } from '../stores/session.js';
import { ApiError } from './errors.js';
import { request } from './http.js';

/** Where the browser goes to sign in at the identity provider (a navigation, not a fetch). */
export const SSO_START_URL = '/api/auth/oidc/start';

export function signInMethods(): Promise<SignInMethods> {
  return request<SignInMethods>('GET', '/auth/methods', { timeout: 5000 });
}

/** The callback's one-time ticket → the same answer POST /auth/login gives (the user with `token`). */
export async function redeemSsoTicket(ticket: string): Promise<SessionUser> {
  const user = await request<SessionUser>('POST', '/auth/oidc/session', { json: { ticket } });
  if (!user || typeof user.token !== 'string' || typeof user.id !== 'string') throw new ApiError(0, 'Malformed login reply');
  return user;
}

export function listSsoRequests(): Promise<SsoRequestList> {
  return request<SsoRequestList>('GET', '/sso-requests');
}

export function approveSsoRequest(id: string, body: ApproveSsoRequest): Promise<{ message: string }> {
  return request('POST', `/sso-requests/${encodeURIComponent(id)}/approve`, { json: body, headers: { 'idempotency-key': crypto.randomUUID() } });
}

export function rejectSsoRequest(id: string): Promise<{ message: string }> {
  return request('POST', `/sso-requests/${encodeURIComponent(id)}/reject`, { json: {}, headers: { 'idempotency-key': crypto.randomUUID() } });
}
