import { request } from './http.js';

/** POST /api/auth/logout: revokes the token. Best-effort: a failure (offline) never blocks signing out. */
export async function logout(token: string): Promise<void> {
  try {
    await request('POST', '/auth/logout', { headers: { authorization: `Bearer ${token}` }, timeout: 5000 });
  } catch {
    // The token expires on its own; the local session is cleared regardless.
  }
}
