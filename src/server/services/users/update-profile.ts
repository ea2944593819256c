/**
 * PUT /user/update/{id}: the signed-in user's own profile only, only the editable fields of SPEC §2
 * (ProfileUpdate is strict: an unknown field is a 400). Only fields present in the body change; "" → null. A degree's end may not precede its start.
 */
import { eq } from 'drizzle-orm';
import { degreeDatesError, PROFILE_FIELDS, ProfileUpdate, type User } from '../../../shared/contract/users.js';
import { MSG } from '../../../shared/messages.js';
import { users } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { updateUserReturningDocument } from './user-document.js';

export async function updateProfile(ctx: WriteContext, user: AuthUser, targetId: string, body: unknown, now: Date): Promise<User> {
  const { tx } = ctx;
  if (targetId !== user.id) throw forbidden(MSG.forbidden);
  const parsed = ProfileUpdate.parse(body ?? {});
  const present = new Set(Object.keys((body ?? {}) as object));
  const changes: Partial<Record<(typeof PROFILE_FIELDS)[number], string | null>> = {};
  for (const f of PROFILE_FIELDS) if (present.has(f)) changes[f] = parsed[f] ?? null;
  if ('starting' in changes !== 'ending' in changes) {
    // One degree date changes: the rule holds against the stored other one (end ≥ start).
    const [stored] = await tx.select({ starting: users.starting, ending: users.ending }).from(users).where(eq(users.id, user.id));
    const starting = 'starting' in changes ? changes.starting : stored?.starting;
    const ending = 'ending' in changes ? changes.ending : stored?.ending;
    const problem = degreeDatesError(starting, ending);
    if (problem) throw badRequest(problem);
  }
  const set: Record<string, unknown> = { updated_at: now };
  for (const [field, value] of Object.entries(changes)) set[users[field as keyof typeof changes].name] = value;
  const doc = await updateUserReturningDocument(tx, user.id, set);
  if (!doc) throw notFound(MSG.notFound);
  ctx.audit({ actorId: user.id, action: 'user.updateProfile', entity: 'users', entityId: user.id, detail: changes });
  return doc;
}
