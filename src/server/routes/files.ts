/**
 * Resumable uploads (tus 1.0) at /api/files with @tus/server + @tus/file-store under `${DATA_DIR}/uploads`.
 *
 *   POST   /api/files           create (Upload-Length ≤ ARTIFACT_MAX_BYTES, else 413); server-generated id
 *   HEAD   /api/files/<id>      current offset (a killed tab resumes from here)
 *   PATCH  /api/files/<id>      append bytes (application/offset+octet-stream, streamed — never buffered)
 *   GET    /api/files/<id>      download (owner only; artifact views go through the observation routes)
 *
 * Every request needs the bearer token; an upload belongs to the user who created it (owner metadata, set by
 * the server) and is invisible (404) to everyone else. Fastify hands the raw request/response to tus: the
 * content-type parser lets the body stream through untouched and the reply is hijacked.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FileStore } from '@tus/file-store';
import { Server, EVENTS } from '@tus/server';
import { ARTIFACT_MAX_BYTES } from '../../shared/constants.js';
import { notFound } from '../http/errors.js';
import { FILES_ROUTE, isFileId, newFileId, uploadInfo, uploadsDir } from '../storage/files.js';

/** Who is uploading, keyed by the raw request (tus sees a web Request wrapping it: `runtime.node.req`). */
const uploaders = new WeakMap<object, string>();
function ownerOf(req: unknown): string {
  const raw = (req as { runtime?: { node?: { req?: object } } }).runtime?.node?.req;
  return (raw && uploaders.get(raw)) ?? '';
}

/**
 * tus writes some errors itself as text (412 without Tus-Resumable, 400 for a malformed tus header) and sends even
 * the ones `onResponseError` maps as text/plain. Every error of the API is JSON `{ "error": "…" }`: for a status of
 * 400 or more this holds back the head and the body tus writes and sends them as that JSON instead.
 */
function jsonErrors(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let held: { status: number; headers: [string, string][]; chunks: Buffer[] } | null = null;
  const toBuffer = (c: unknown) => (typeof c === 'string' ? Buffer.from(c) : Buffer.isBuffer(c) || c instanceof Uint8Array ? Buffer.from(c) : null);
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status < 400) return writeHead(status, ...rest);
    const raw = rest.find((x) => Array.isArray(x) || (x && typeof x === 'object')) as string[] | Record<string, string> | undefined;
    const pairs: [string, string][] = Array.isArray(raw)
      ? raw.flatMap((_, i) => (i % 2 === 0 ? [[String(raw[i]), String(raw[i + 1])] as [string, string]] : []))
      : Object.entries(raw ?? {}).map(([k, v]) => [k, String(v)]);
    held = { status, headers: pairs.filter(([k]) => !/^content-(type|length)$/i.test(k)), chunks: [] };
    return res;
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!held) return write(chunk, ...rest);
    const b = toBuffer(chunk);
    if (b) held.chunks.push(b);
    return true;
  }) as ServerResponse['write'];
  res.end = ((...args: unknown[]) => {
    if (!held) return end(...args);
    const b = toBuffer(args[0]);
    if (b) held.chunks.push(b);
    const text = Buffer.concat(held.chunks).toString('utf8').trim();
    let message = text || 'Upload failed.';
    try {
      const parsed = JSON.parse(text) as { error?: unknown };
      if (typeof parsed.error === 'string' && parsed.error) message = parsed.error;
    } catch {
      // tus's own text message
    }
    const body = res.req?.method === 'HEAD' ? '' : JSON.stringify({ error: message });
    const headers = [...held.headers, ['content-type', 'application/json; charset=utf-8'], ['content-length', String(Buffer.byteLength(body))]];
    const { status } = held;
    held = null;
    writeHead(status, headers.flat());
    return end(body);
  }) as ServerResponse['end'];
}

export default async function filesRoutes(app: FastifyInstance): Promise<void> {
  const dataDir = app.deps.config.dataDir;
  const tus = new Server({
    path: FILES_ROUTE,
    datastore: new FileStore({ directory: uploadsDir(dataDir) }),
    maxSize: ARTIFACT_MAX_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: false,
    namingFunction: () => newFileId(),
    onUploadCreate: async (req, upload) => ({
      metadata: { ...upload.metadata, owner: ownerOf(req) },
    }),
    onResponseError: (_req, err) => {
      const status = 'status_code' in err ? err.status_code : 500;
      const message = status === 413 ? 'The file is larger than the allowed size!' : 'body' in err ? err.body.trim() : 'Upload failed.';
      return { status_code: status, body: JSON.stringify({ error: message }) };
    },
  });
  void EVENTS;

  // Let tus read the body stream itself (no buffering, no JSON parsing).
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    // The owner is what authentication established, never anything the client sent.
    uploaders.set(req.raw, req.user.id);
    if (req.method !== 'POST' && req.method !== 'OPTIONS') {
      const id = (req.params as { '*'?: string })['*'] ?? '';
      const info = isFileId(id) ? await uploadInfo(dataDir, id) : null;
      if (!info || info.metadata.owner !== req.user.id) throw notFound('Upload not found!');
    }
    reply.hijack();
    jsonErrors(reply.raw);
    await tus.handle(req.raw, reply.raw);
  };

  app.route({ method: ['POST', 'OPTIONS'], url: '/files', preHandler: app.authenticate, handler: handle });
  app.route({ method: ['HEAD', 'PATCH', 'GET', 'DELETE'], url: '/files/*', preHandler: app.authenticate, handler: handle });
}
