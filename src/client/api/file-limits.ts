/** GET /api/files/limits: per-kind size limits and what is left of the user's upload quota (online only). */
import { FileLimits } from '../../shared/contract/files.js';
import { request } from './http.js';

export async function fetchFileLimits(): Promise<FileLimits> {
  return FileLimits.parse(await request<unknown>('GET', '/files/limits', { timeout: 5_000 }));
}
