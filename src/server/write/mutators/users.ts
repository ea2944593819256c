/** Offboarding: deactivate and reactivate a user, hand their open observations to another observer. */
import { ActivationResponse, ReassignRequest, ReassignResponse } from '../../../shared/contract/offboarding.js';
import { deactivateUser, reactivateUser } from '../../services/users/deactivate.js';
import { reassignObservations } from '../../services/users/reassign.js';
import { mutator, ok } from '../mutator.js';

const WHO = 'the roles that create users, for the users they may create (Head_of_Department: own department)';

export const USER_MUTATORS = [
  mutator({
    method: 'PUT',
    url: '/user/:id/deactivate',
    doc: { tag: 'users', summary: 'Deactivate a user: no sign-in; sessions, event streams and calendar feed end; history kept', who: WHO, response: ActivationResponse },
    names: [],
    input: (req) => req.params.id!,
    run: async (ctx, id) => ok(await deactivateUser(ctx, id)),
    // Committed: the user's live-update streams end at once, on every instance (sync/feed-bus.ts).
    around: async (req, call) => {
      const answer = await call();
      if (answer.status === 200) req.server.feedBus.sessionsChanged((answer.body as ActivationResponse).id);
      return answer;
    },
  }),
  mutator({
    method: 'PUT',
    url: '/user/:id/reactivate',
    doc: { tag: 'users', summary: 'Reactivate a deactivated user: they may sign in again', who: WHO, response: ActivationResponse },
    names: [],
    input: (req) => req.params.id!,
    run: async (ctx, id) => ok(await reactivateUser(ctx, id)),
  }),
  mutator({
    method: 'PUT',
    url: '/user/:id/reassign-observations',
    doc: { tag: 'users', summary: 'Hand the user’s open observations (as observer) to another observer of the same department', who: WHO, body: ReassignRequest, response: ReassignResponse },
    names: [],
    input: (req) => ({ id: req.params.id!, body: ReassignRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, body }) => ok(await reassignObservations(ctx, id, body)),
  }),
];
