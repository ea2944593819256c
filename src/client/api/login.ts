import type { SessionUser } from '../stores/session.js';
import { ApiError } from './errors.js';
import { request } from './http.js';

/** POST /api/auth/login → the user with `token` (SPEC §7). */
export async function login(email: string, password: string): Promise<SessionUser> {
  const user = await request<SessionUser>('POST', '/auth/login', { json: { email: email.trim(), password } });
  if (!user || typeof user.token !== 'string' || typeof user.id !== 'string') throw new ApiError(0, 'Malformed login reply');
  return user;
}
