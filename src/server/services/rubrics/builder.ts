/**
 * Building rubrics (docs/adr/2026-11-28-rubric-versions.md). Who: mayEditRubric (src/shared/access-policy/rubrics.ts).
 *
 *   create / import     a rubric with draft version 1 (an import is a create with an export's definition)
 *   save draft          replace a draft's name, groups, items and scale
 *   publish             draft → published: immutable from then on (here, and by the trigger of migration 0024)
 *   new draft           copy of a published or retired version as the rubric's next number (one draft at a time)
 *   retire              published → retired: no new observation uses it; observations already on it keep it
 *   delete              a draft only (a published version is never deleted); the rubric goes with its last version
 *   set default         a department's default rubric (its newest published version is used at initiation)
 * Each change decides under the version's row lock.
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import { mayEditRubric, mayReadRubric, maySetDefaultRubric, rubricServesDepartment } from '../../../shared/access-policy/index.js';
import type { RubricCreateRequest, RubricDefaultRequest, RubricVersion } from '../../../shared/contract/rubrics.js';
import { isUuid } from '../../../shared/ids.js';
import type { RubricDefinition } from '../../../shared/rubric-definition.js';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { departments, observations, rubricDefaults, rubrics, rubricVersions } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { WriteContext } from '../write-context.js';
import { definitionOf, loadVersion, versionDocs, writeItems, type RubricRow, type VersionRow } from './versions.js';

export const RUBRIC_MSG = {
  notDraft: 'This rubric version is published: it can no longer change. Start a new draft from it.',
  notPublished: 'Only a published rubric version can be retired.',
  alreadyPublished: 'This rubric version is already published.',
  draftExists: 'This rubric already has a draft: edit or delete it first.',
  usedVersion: 'This rubric version is used by observations: retire it instead.',
  noPublished: 'rubricId: the rubric has no published version',
  notForDepartment: 'rubricId: the rubric is not of the institution or of this department',
  departmentId: 'departmentId: unknown department',
} as const;

/** The version for a change by `u`: 404 when they may not even read it, 403 when they may read but not edit it. */
async function editable(tx: Tx, u: AuthUser, versionId: string): Promise<{ version: VersionRow; rubric: RubricRow }> {
  const found = isUuid(versionId) ? await loadVersion(tx, versionId, 'update') : undefined;
  if (!found) throw notFound();
  if (!mayEditRubric(u, found.rubric)) throw mayReadRubric(u, found.rubric) && found.version.status !== 'draft' ? forbidden() : notFound();
  return found;
}

async function docOf(tx: Tx, versionId: string): Promise<RubricVersion> {
  const found = await loadVersion(tx, versionId);
  if (!found) throw notFound();
  const [doc] = await versionDocs(tx, [found]);
  return doc!;
}

export async function createRubric(ctx: WriteContext, u: AuthUser, body: z.infer<typeof RubricCreateRequest>): Promise<RubricVersion> {
  const { tx } = ctx;
  // A HOD builds for their department unless they name one; an administrator for the institution.
  const departmentId = body.departmentId !== undefined ? body.departmentId : u.role === 'Head_of_Department' ? u.departmentId : null;
  if (!mayEditRubric(u, { departmentId })) throw forbidden();
  if (departmentId != null && (await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, departmentId))).length === 0) {
    throw badRequest(RUBRIC_MSG.departmentId);
  }
  const [rubric] = await tx.insert(rubrics).values({ name: body.definition.name, departmentId, createdBy: u.id }).returning({ id: rubrics.id });
  const [version] = await tx
    .insert(rubricVersions)
    .values({ rubricId: rubric!.id, number: 1, status: 'draft', scale: body.definition.scale })
    .returning({ id: rubricVersions.id });
  await writeItems(tx, version!.id, body.definition);
  ctx.audit({ actorId: u.id, action: 'rubric.create', entity: 'rubrics', entityId: rubric!.id, detail: { departmentId } });
  return docOf(tx, version!.id);
}

export async function saveDraft(ctx: WriteContext, u: AuthUser, versionId: string, def: RubricDefinition): Promise<RubricVersion> {
  const { tx } = ctx;
  const { version, rubric } = await editable(tx, u, versionId);
  if (version.status !== 'draft') throw conflict(RUBRIC_MSG.notDraft);
  await writeItems(tx, version.id, def);
  await tx.update(rubricVersions).set({ scale: def.scale, updatedAt: ctx.now }).where(eq(rubricVersions.id, version.id));
  if (def.name !== rubric.name) {
    await tx.update(rubrics).set({ name: def.name, updatedAt: ctx.now }).where(eq(rubrics.id, rubric.id));
    // Each version's document carries the name: each gets a new version of its own (sync/sources/rubrics.ts).
    await tx.update(rubricVersions).set({ updatedAt: ctx.now }).where(eq(rubricVersions.rubricId, rubric.id));
  }
  ctx.audit({ actorId: u.id, action: 'rubric.saveDraft', entity: 'rubrics', entityId: rubric.id, detail: { versionId } });
  return docOf(tx, version.id);
}

export async function publishVersion(ctx: WriteContext, u: AuthUser, versionId: string): Promise<RubricVersion> {
  const { tx } = ctx;
  const { version, rubric } = await editable(tx, u, versionId);
  if (version.status !== 'draft') throw conflict(RUBRIC_MSG.alreadyPublished);
  await tx.update(rubricVersions).set({ status: 'published', publishedAt: ctx.now, publishedBy: u.id, updatedAt: ctx.now }).where(eq(rubricVersions.id, version.id));
  ctx.audit({ actorId: u.id, action: 'rubric.publish', entity: 'rubrics', entityId: rubric.id, detail: { versionId, number: version.number } });
  return docOf(tx, version.id);
}

export async function newDraft(ctx: WriteContext, u: AuthUser, fromVersionId: string): Promise<RubricVersion> {
  const { tx } = ctx;
  const { version, rubric } = await editable(tx, u, fromVersionId);
  if (version.status === 'draft') throw conflict(RUBRIC_MSG.draftExists);
  // The rubric's row lock: two copies at once would both find no draft.
  await tx.select({ id: rubrics.id }).from(rubrics).where(eq(rubrics.id, rubric.id)).for('update');
  const siblings = await tx.select({ number: rubricVersions.number, status: rubricVersions.status }).from(rubricVersions).where(eq(rubricVersions.rubricId, rubric.id)).orderBy(desc(rubricVersions.number));
  if (siblings.some((s) => s.status === 'draft')) throw conflict(RUBRIC_MSG.draftExists);
  const def = definitionOf(await docOf(tx, version.id));
  const [copy] = await tx
    .insert(rubricVersions)
    .values({ rubricId: rubric.id, number: (siblings[0]?.number ?? 0) + 1, status: 'draft', scale: def.scale })
    .returning({ id: rubricVersions.id });
  await writeItems(tx, copy!.id, def);
  ctx.audit({ actorId: u.id, action: 'rubric.newDraft', entity: 'rubrics', entityId: rubric.id, detail: { from: version.id, versionId: copy!.id } });
  return docOf(tx, copy!.id);
}

export async function retireVersion(ctx: WriteContext, u: AuthUser, versionId: string): Promise<RubricVersion> {
  const { tx } = ctx;
  const { version, rubric } = await editable(tx, u, versionId);
  if (version.status !== 'published') throw conflict(RUBRIC_MSG.notPublished);
  await tx.update(rubricVersions).set({ status: 'retired', retiredAt: ctx.now, updatedAt: ctx.now }).where(eq(rubricVersions.id, version.id));
  ctx.audit({ actorId: u.id, action: 'rubric.retire', entity: 'rubrics', entityId: rubric.id, detail: { versionId, number: version.number } });
  return docOf(tx, version.id);
}

export async function deleteDraft(ctx: WriteContext, u: AuthUser, versionId: string): Promise<void> {
  const { tx } = ctx;
  const { version, rubric } = await editable(tx, u, versionId);
  if (version.status !== 'draft') throw conflict(RUBRIC_MSG.notDraft);
  const [used] = await tx.select({ id: observations.id }).from(observations).where(eq(observations.rubricVersionId, version.id)).limit(1);
  if (used) throw conflict(RUBRIC_MSG.usedVersion);
  await tx.delete(rubricVersions).where(eq(rubricVersions.id, version.id));
  const [other] = await tx.select({ id: rubricVersions.id }).from(rubricVersions).where(and(eq(rubricVersions.rubricId, rubric.id), ne(rubricVersions.id, version.id))).limit(1);
  if (!other) await tx.delete(rubrics).where(eq(rubrics.id, rubric.id));
  ctx.audit({ actorId: u.id, action: 'rubric.deleteDraft', entity: 'rubrics', entityId: rubric.id, detail: { versionId, number: version.number } });
}

export async function setDepartmentDefault(ctx: WriteContext, u: AuthUser, departmentId: number, body: z.infer<typeof RubricDefaultRequest>): Promise<{ departmentId: number; rubricId: string }> {
  const { tx } = ctx;
  if (!maySetDefaultRubric(u, departmentId)) throw forbidden();
  if ((await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, departmentId))).length === 0) throw notFound();
  const [rubric] = isUuid(body.rubricId) ? await tx.select().from(rubrics).where(eq(rubrics.id, body.rubricId)) : [];
  if (!rubric || !mayReadRubric(u, rubric)) throw notFound();
  if (!rubricServesDepartment(rubric, departmentId)) throw badRequest(RUBRIC_MSG.notForDepartment);
  const [published] = await tx
    .select({ id: rubricVersions.id })
    .from(rubricVersions)
    .where(and(eq(rubricVersions.rubricId, rubric.id), eq(rubricVersions.status, 'published')))
    .limit(1);
  if (!published) throw badRequest(RUBRIC_MSG.noPublished);
  await tx
    .insert(rubricDefaults)
    .values({ departmentId, rubricId: rubric.id, setBy: u.id, setAt: ctx.now })
    .onConflictDoUpdate({ target: rubricDefaults.departmentId, set: { rubricId: rubric.id, setBy: u.id, setAt: ctx.now } });
  ctx.audit({ actorId: u.id, action: 'rubric.setDefault', entity: 'rubrics', entityId: rubric.id, detail: { departmentId } });
  return { departmentId, rubricId: rubric.id };
}
