/** POST /observation/post-scheduling (observer creates), PUT /observation/post-scheduling (every other step). */
import type { FastifyInstance } from 'fastify';
import { PostCreateRequest, PostUpdateRequest } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { created, idempotentWrite, ok } from '../../http/idempotency.js';
import { createPost, updatePost } from '../../services/observations/post-observation.js';

export default async function postRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };

  app.post('/observation/post-scheduling', auth, async (req, reply) => {
    const body = PostCreateRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) => {
      const id = await createPost(tx, req.user, body, app.deps.now());
      return created({ message: MSG.postCreated, id });
    });
  });

  app.put('/observation/post-scheduling', auth, async (req, reply) => {
    const body = PostUpdateRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) => ok({ message: await updatePost(tx, req.user, body, app.deps.now()) }));
  });
}
