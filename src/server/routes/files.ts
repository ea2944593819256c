/**
 * Resumable uploads (tus 1.0) at /api/files with @tus/server over the configured store (storage/: local disk
 * under DATA_DIR, or an S3-compatible bucket).
 *
 *   POST   /api/files           create: Upload-Length required and within the declared kind's limit and the
 *                               user's quota, else 413 {error} saying how much is allowed/left
 *   HEAD   /api/files/<id>      current offset (a killed tab resumes from here)
 *   PATCH  /api/files/<id>      append bytes (application/offset+octet-stream, streamed — never buffered)
 *   GET    /api/files/<id>      download (owner only; artifact views go through the observation routes)
 *   DELETE /api/files/<id>      terminate (frees quota)
 *   GET    /api/files/limits    per-kind limits and the caller's remaining quota (shared/contract/files.ts)
 *
 * Ownership: an upload belongs to the user who created it (metadata `owner`, set by the server, kept by the
 * store) and is invisible (404) to everyone else. The id is read by ONE strict parser (storage/upload-id.ts)
 * that is also tus's `getFileIdFromRequest`, and the owner is checked in tus's `onIncomingRequest`, which
 * receives the very id tus is about to act on — a query string, dot segments, encoded slashes or extra
 * segments cannot make the checked id differ from the used one; such targets are refused before tus anyway.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { Server } from '@tus/server';
import { ARTIFACT_MAX_BYTES } from '../../shared/constants.js';
import { declaredKind, FileLimits, uploadTooLargeMessage } from '../../shared/contract/files.js';
import { MSG } from '../../shared/messages.js';
import { notFound } from '../services/errors.js';
import { CORS_EXPOSED_HEADERS } from '../plugins/cors.js';
import { bytesOwnedBy, fileLimits, quotaOf } from '../services/uploads/quota.js';
import { FILES_ROUTE, newFileId, uploadIdFromTarget } from '../storage/index.js';
import { routeSchema, type RouteDoc } from '../http/route-schema.js';

const UPLOAD_NOT_FOUND = 'Upload not found!';

/** Who is uploading, keyed by the raw request (tus sees a web Request wrapping it: `runtime.node.req`). */
const uploaders = new WeakMap<object, string>();
function ownerOf(req: unknown): string {
  const raw = (req as { runtime?: { node?: { req?: object } } }).runtime?.node?.req;
  return (raw && uploaders.get(raw)) ?? '';
}

/** An error tus answers with `status_code`; its body is our message (wrapped as {error} in onResponseError). */
const refuse = (status_code: number, message: string) => ({ status_code, body: message });
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

/** A header list as srvx hands it to writeHead: flat [k, v, …], [[k, v], …] or an object. */
function headerPairs(raw: unknown): [string, string][] {
  if (Array.isArray(raw)) {
    if (raw.every((x) => Array.isArray(x))) return (raw as unknown[][]).map(([k, v]) => [String(k), String(v)]);
    return raw.flatMap((_, i) => (i % 2 === 0 ? [[String(raw[i]), String(raw[i + 1])] as [string, string]] : []));
  }
  return raw && typeof raw === 'object' ? Object.entries(raw as Record<string, unknown>).map(([k, v]) => [k, String(v)]) : [];
}

/**
 * CORS on the tus answers, by CORS_ORIGINS like every other route (plugins/cors.ts): tus sets its own
 * Access-Control-* headers (`*` without a list of origins). For a request whose Origin is not listed every such
 * header is dropped; a listed one keeps them (tus echoes the origin, `allowedOrigins` below) with `Vary: Origin`.
 */
function corsPolicy(res: ServerResponse, allowedOrigin: string | null): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const at = rest.findIndex((x) => Array.isArray(x) || (x !== null && typeof x === 'object'));
    if (at < 0) return writeHead(status, ...rest);
    let pairs = headerPairs(rest[at]);
    if (allowedOrigin) {
      // tus leaves GET (a download) without CORS headers: the same ones as any other route's answer.
      const has = (name: string) => pairs.some(([k]) => k.toLowerCase() === name);
      if (!has('access-control-allow-origin')) pairs.push(['access-control-allow-origin', allowedOrigin]);
      if (!has('access-control-expose-headers')) pairs.push(['access-control-expose-headers', CORS_EXPOSED_HEADERS.join(', ')]);
      pairs = [...pairs.filter(([k]) => k.toLowerCase() !== 'vary'), ['vary', 'Origin']];
    } else {
      pairs = pairs.filter(([k]) => !k.toLowerCase().startsWith('access-control-'));
    }
    const args = [...rest];
    args[at] = pairs.flat();
    return writeHead(status, ...args);
  }) as ServerResponse['writeHead'];
}

export default async function filesRoutes(app: FastifyInstance): Promise<void> {
  const { db, storage, config } = app.deps;
  const quota = quotaOf(config);
  const corsOrigins = new Set(config.corsOrigins ?? []);
  const listed = (origin: string | null | undefined) => !!origin && corsOrigins.has(origin.toLowerCase());

  const tus = new Server({
    path: FILES_ROUTE,
    datastore: storage.datastore,
    // The largest kind's limit; each kind's own limit is checked in onUploadCreate.
    maxSize: ARTIFACT_MAX_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: false,
    // Only the origins of CORS_ORIGINS (none by default); tus's own default would answer `*`.
    allowedOrigins: (origin) => listed(origin),
    namingFunction: () => newFileId(),
    getFileIdFromRequest: (req) => uploadIdFromTarget(req.url) ?? undefined,
    onIncomingRequest: async (req, id) => {
      if (req.method === 'POST') return; // a new id, owned by the creator below
      const upload = await storage.upload(id);
      if (!upload || !upload.metadata.owner || upload.metadata.owner !== ownerOf(req)) throw refuse(404, UPLOAD_NOT_FOUND);
    },
    onUploadCreate: async (req, upload) => {
      const owner = ownerOf(req);
      if (!owner) throw refuse(401, MSG.notSignedIn);
      // Quota counts declared lengths, so the length must be declared up front.
      if (typeof upload.size !== 'number') throw refuse(400, 'Upload-Length is required.');
      const kind = declaredKind(upload.metadata?.filetype, upload.metadata?.filename);
      if (kind === null) throw refuse(400, MSG.artifactTypeNotAllowed);
      const used = await bytesOwnedBy(db, storage, owner);
      const tooLarge = uploadTooLargeMessage(upload.size, kind, quota, quota - used);
      if (tooLarge) throw refuse(413, tooLarge);
      return { metadata: { ...upload.metadata, owner } };
    },
    onResponseError: (req, err) => {
      const status = 'status_code' in err ? err.status_code : 500;
      let message = 'body' in err ? err.body.trim() : 'Upload failed.';
      if (status === 413 && /maximum size/i.test(message)) {
        // tus's own check against maxSize (before onUploadCreate): same wording as ours.
        const size = Number(req.headers.get('upload-length'));
        message = uploadTooLargeMessage(size, undefined, quota, Number.MAX_SAFE_INTEGER) ?? MSG.artifactTooLarge;
      }
      return { status_code: status, body: JSON.stringify({ error: message }) };
    },
  });

  // Let tus read the body stream itself (no buffering, no JSON parsing).
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    // The owner is what authentication established, never anything the client sent.
    uploaders.set(req.raw, req.user.id);
    // Only a plain `/api/files/<id>` names an upload; tus then parses the same id with the same parser.
    if (req.method !== 'POST' && req.method !== 'OPTIONS' && !uploadIdFromTarget(req.raw.url ?? '')) throw notFound(UPLOAD_NOT_FOUND);
    reply.hijack();
    const origin = req.headers.origin;
    corsPolicy(reply.raw, typeof origin === 'string' && listed(origin) ? origin : null);
    jsonErrors(reply.raw);
    await tus.handle(req.raw, reply.raw);
  };

  const limits = routeSchema('/files/limits', { tag: 'files', summary: 'Upload size limits per kind and the caller’s quota', who: 'signed in', response: FileLimits });
  app.get('/files/limits', { preHandler: app.authenticate, schema: limits }, async (req) => fileLimits(db, storage, config, req.user.id));
  // OPTIONS: tus's capability discovery (signed in). A CORS preflight from a listed origin never reaches it: the
  // CORS plugin answers it first, before authentication (plugins/cors.ts).
  // One route per method, each with its own documentation; all are tus's one handler.
  const tusRoutes: [HTTPMethods, string, Omit<RouteDoc, 'tag'>][] = [
    ['POST', '/files', { summary: 'tus 1.0: create an upload', who: 'signed in', status: 201, produces: 'tus' }],
    ['OPTIONS', '/files', { summary: 'tus 1.0: server capabilities', who: 'signed in', status: 204, produces: 'tus' }],
    ['HEAD', '/files/*', { summary: 'tus 1.0: upload offset', who: 'the upload’s creator', produces: 'tus' }],
    ['PATCH', '/files/*', { summary: 'tus 1.0: append bytes', who: 'the upload’s creator', status: 204, produces: 'tus' }],
    ['GET', '/files/*', { summary: 'tus: the uploaded bytes', who: 'the upload’s creator', produces: 'application/octet-stream' }],
    ['DELETE', '/files/*', { summary: 'tus 1.0: abandon an upload', who: 'the upload’s creator', status: 204, produces: 'tus' }],
  ];
  for (const [method, url, d] of tusRoutes) {
    // tus's HEAD is a route of its own (@fastify/swagger documents a HEAD route only when told to).
    const config = method === 'HEAD' ? { swagger: { exposeHeadRoute: true } } : undefined;
    app.route({ method, url, preHandler: app.authenticate, config, schema: routeSchema(url, { tag: 'files', ...d }), handler: handle });
  }
}
