/**
 * PUT /user/update/{id}: the signed-in user's own profile only, only the editable fields of SPEC §2
 * (ProfileUpdate is strict: an unknown field is a 400). Only fields present in the body change; "" → null.
 */
import { PROFILE_FIELDS, ProfileUpdate, type User } from '../../../shared/contract/users.js';
import { MSG } from '../../../shared/messages.js';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/types.js';
import { audit } from '../audit.js';
import { updateUserReturningDocument } from './user-document.js';

export async function updateProfile(tx: Tx, user: AuthUser, targetId: string, body: unknown, now: Date): Promise<User> {
  if (targetId !== user.id) throw forbidden(MSG.forbidden);
  const parsed = ProfileUpdate.parse(body ?? {});
  const present = new Set(Object.keys((body ?? {}) as object));
  const changes: Partial<Record<(typeof PROFILE_FIELDS)[number], string | null>> = {};
  for (const f of PROFILE_FIELDS) if (present.has(f)) changes[f] = parsed[f] ?? null;
  const set: Record<string, unknown> = { updated_at: now };
  for (const [field, value] of Object.entries(changes)) set[users[field as keyof typeof changes].name] = value;
  const doc = await updateUserReturningDocument(tx, user.id, set);
  if (!doc) throw notFound(MSG.notFound);
  await audit(tx, { actorId: user.id, action: 'user.updateProfile', entity: 'users', entityId: user.id, detail: changes });
  return doc;
}
