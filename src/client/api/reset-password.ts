import { request } from './http.js';

export interface ResetPasswordBody {
  email: string;
  oldPassword: string;
  newPassword: string;
}

/** PUT /api/auth/reset-password → `{ message }` (SPEC §7). Needs a connection: it is not queued. */
export async function resetPassword(body: ResetPasswordBody): Promise<string | null> {
  const res = await request<{ message?: string } | null>('PUT', '/auth/reset-password', { json: body });
  return res && typeof res.message === 'string' ? res.message : null;
}
