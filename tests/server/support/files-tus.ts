/**
 * tus 1.0 requests against an app (inject), shared by the upload tests on disk and on S3.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const TUS = { 'tus-resumable': '1.0.0' };
type Method = 'HEAD' | 'GET' | 'PATCH' | 'DELETE' | 'POST';

const b64 = (s: string) => Buffer.from(s).toString('base64');

export function tusRequest(app: FastifyInstance, method: Method, url: string, token: string, headers: Record<string, string> = {}, body?: Buffer): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: { ...TUS, authorization: `Bearer ${token}`, ...headers }, ...(body ? { payload: body } : {}) });
}

/** POST /api/files: creates an upload of `size` bytes declared as `filetype`; returns the response. */
export function createUpload(app: FastifyInstance, token: string, size: number, filetype?: string, filename = 'file'): Promise<LightMyRequestResponse> {
  const meta = [`filename ${b64(filename)}`, ...(filetype !== undefined ? [`filetype ${b64(filetype)}`] : [])].join(',');
  return tusRequest(app, 'POST', '/api/files', token, { 'upload-length': String(size), 'upload-metadata': meta });
}

/** Creates an upload and returns its id (expects 201). */
export async function newUpload(app: FastifyInstance, token: string, size: number, filetype = 'application/pdf'): Promise<string> {
  const res = await createUpload(app, token, size, filetype);
  if (res.statusCode !== 201) throw new Error(`create upload: ${res.statusCode} ${res.body}`);
  return String(res.headers.location).split('/').pop()!;
}

export function patch(app: FastifyInstance, url: string, token: string, offset: number, bytes: Buffer): Promise<LightMyRequestResponse> {
  return tusRequest(app, 'PATCH', url, token, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, bytes);
}

export async function offsetOf(app: FastifyInstance, id: string, token: string): Promise<number | null> {
  const res = await tusRequest(app, 'HEAD', `/api/files/${id}`, token);
  return res.statusCode === 200 ? Number(res.headers['upload-offset']) : null;
}

/** Targets that try to reach `victim` through a request for `own` (or around the strict /api/files/<id>). */
export function trickTargets(own: string, victim: string): string[] {
  return [
    `/api/files/${own}?/${victim}`,
    `/api/files/${own}?x=/${victim}`,
    `/api/files/${own}/../${victim}`,
    `/api/files/${own}/%2e%2e/${victim}`,
    `/api/files/${own}%2F..%2F${victim}`,
    `/api/files/${own}%2f${victim}`,
    `/api/files/${own}/${victim}`,
    `/api/files/x/../${victim}/`,
    `/api/files/${victim}/`,
    `/api/files/${victim}?`,
    `/api/files//${victim}`,
    `/api/files/${victim.toUpperCase()}`,
    `/api/files/%${victim.slice(0, 2)}${victim.slice(2)}`,
  ];
}
