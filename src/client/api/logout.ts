import { request } from './http.js';

/**
 * POST /api/auth/logout: revokes the token. Best-effort: a failure (offline) never blocks signing out. After single
 * sign-on, answers the identity provider's logout address when it offers one (the caller goes there last).
 */
export async function logout(token: string): Promise<string | null> {
  try {
    const res = await request<{ endSessionUrl?: unknown } | null>('POST', '/auth/logout', { headers: { authorization: `Bearer ${token}` }, timeout: 5000 });
    return typeof res?.endSessionUrl === 'string' && /^https?:\/\//.test(res.endSessionUrl) ? res.endSessionUrl : null;
  } catch {
    // The token expires on its own; the local session is cleared regardless.
    return null;
  }
}
