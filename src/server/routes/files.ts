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
    await tus.handle(req.raw, reply.raw);
  };

  app.route({ method: ['POST', 'OPTIONS'], url: '/files', preHandler: app.authenticate, handler: handle });
  app.route({ method: ['HEAD', 'PATCH', 'GET', 'DELETE'], url: '/files/*', preHandler: app.authenticate, handler: handle });
}
