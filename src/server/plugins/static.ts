/**
 * Serves the built PWA from config.clientDir (when it exists) on the API's origin.
 *   hashed assets (/assets/…)          → Cache-Control: public, max-age=31536000, immutable
 *   index.html, sw.js, manifest, other → Cache-Control: no-cache (always revalidated, so updates are seen)
 *   GET of a non-/api path with no file → index.html (client-side routes such as /observations/list-observation)
 *   anything under /api that no route matched → 404 { error }
 * The build writes `.br`/`.gz` beside each compressible file (vite.config.ts), sent as they are to a browser that
 * accepts them (`preCompressed`); the plain file is the fallback.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MSG } from '../../shared/messages.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerStatic(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      cacheControl: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const rel = path.relative(clientDir, filePath.replace(/\.(?:br|gz)$/, '')).split(path.sep).join('/');
        reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/');
    if (hasClient && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ error: MSG.notFound });
  });
}
