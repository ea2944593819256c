import { request } from './http.js';

/** POST /api/auth/accept-invitation: the invited user sets their own password (no session yet, online only). */
export function acceptInvitation(body: { token: string; password: string; confirmPassword: string }): Promise<{ message: string; email: string }> {
  return request('POST', '/auth/accept-invitation', { json: body });
}
