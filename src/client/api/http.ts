/**
 * The direct-call HTTP client. Only login, logout, the password reset and (online) the observation prompt, whose
 * answer says who was emailed, talk to the network from the UI;
 * every other write goes through the outbox (`mutate`). One read does too: downloading an observation the
 * replica holds only as a summary (features/observations/download.ts). Failures always come out as `ApiError`.
 */
import ky, { HTTPError } from 'ky';
import { SYNC_PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION, UPDATE_REQUIRED_STATUS } from '../../shared/sync/protocol-version.js';
import { getSession } from '../stores/session.js';
import { markUpdateRequired } from '../sync/update-required.js';
import { ApiError, errorText, statusMessage } from './errors.js';

/** Base of the API; same origin in the app. Tests point it at a real server on another port. */
let apiBase = '/api';
export function setApiBase(url: string): void {
  apiBase = url;
}

const client = ky.create({
  timeout: 15_000,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getSession()?.token;
        if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
        request.headers.set(SYNC_PROTOCOL_HEADER, String(SYNC_PROTOCOL_VERSION));
      },
    ],
    afterResponse: [
      (_request, _options, response) => {
        // The server no longer speaks this app's protocol: the update prompt offers the new version.
        if (response.status === UPDATE_REQUIRED_STATUS) markUpdateRequired();
      },
    ],
  },
});

async function toApiError(err: unknown): Promise<ApiError> {
  if (err instanceof HTTPError) {
    let body: unknown = null;
    try {
      body = await err.response.clone().json();
    } catch {
      // Not JSON (a proxy page): fall back to the status text below.
    }
    // 5xx from a proxy with no `{error}` means the API did not really answer.
    const text = errorText(body);
    if (!text && err.response.status >= 500) return new ApiError(0, statusMessage(err.response.status));
    return new ApiError(err.response.status, text ?? statusMessage(err.response.status));
  }
  return new ApiError(0, err instanceof Error ? err.message : String(err));
}

export interface RequestOptions {
  json?: unknown;
  headers?: Record<string, string>;
  timeout?: number;
}

/** One JSON request under /api. Resolves the parsed body; rejects with ApiError. */
export async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: RequestOptions = {}): Promise<T> {
  try {
    const res = await client(path.replace(/^\//, ''), { prefixUrl: apiBase, method, json: opts.json, headers: opts.headers, timeout: opts.timeout });
    const text = await res.text();
    const body: unknown = text ? JSON.parse(text) : null;
    // SPEC §7: responses are checked for an error field first, whatever the status.
    const bodyError = errorText(body);
    if (bodyError) throw new ApiError(res.status, bodyError);
    return body as T;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // JSON.parse failures of a 200 count as "no real answer" (SPEC §8: network or parse failure).
    throw await toApiError(err);
  }
}

/**
 * A file download under /api with the bearer token (an <a href> could not send it): saves the answer under the
 * name the server gives in Content-Disposition (else `fallbackName`). Rejects with ApiError like `request`.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let blob: Blob;
  let name = fallbackName;
  try {
    const res = await client(path.replace(/^\//, ''), { prefixUrl: apiBase, method: 'GET', timeout: 60_000 });
    const m = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
    if (m) name = m[1];
    blob = await res.blob();
  } catch (err) {
    throw await toApiError(err);
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the blob to the browser's download; free it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
