/**
 * A rubric version read whole and a draft's items written from a definition (src/shared/rubric-definition.ts).
 * Items are stored in `rubric_items` (rubric_scores keeps referring to them); a group is the items sharing `code`,
 * ordered by group_position, then position.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { RubricVersion } from '../../../shared/contract/rubrics.js';
import type { RubricDefinition } from '../../../shared/rubric-definition.js';
import { versionMaximum } from '../../../shared/rubric.js';
import type { Db, Tx } from '../../db/client.js';
import { rubricItems, rubrics, rubricVersions } from '../../db/schema.js';

export type VersionRow = typeof rubricVersions.$inferSelect;
export type RubricRow = typeof rubrics.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The version and its rubric, or undefined. `lock`: the version's row lock, 'update' for a change that decides
 * under it, 'share' for an initiate that must not see it retired meanwhile.
 */
export async function loadVersion(db: Db | Tx, id: string, lock?: 'update' | 'share'): Promise<{ version: VersionRow; rubric: RubricRow } | undefined> {
  const q = db.select().from(rubricVersions).where(eq(rubricVersions.id, id));
  const [version] = lock ? await q.for(lock) : await q;
  if (!version) return undefined;
  const [rubric] = await db.select().from(rubrics).where(eq(rubrics.id, version.rubricId));
  return rubric ? { version, rubric } : undefined;
}

/** The given versions whole (groups, items, scale, maximum), in the order given. */
export async function versionDocs(db: Db | Tx, pairs: readonly { version: VersionRow; rubric: RubricRow }[]): Promise<RubricVersion[]> {
  if (pairs.length === 0) return [];
  const items = await db
    .select()
    .from(rubricItems)
    .where(inArray(rubricItems.rubricVersionId, pairs.map((p) => p.version.id)))
    .orderBy(asc(rubricItems.groupPosition), asc(rubricItems.position));
  return pairs.map(({ version, rubric }) => {
    const mine = items.filter((i) => i.rubricVersionId === version.id);
    const groups: RubricVersion['groups'] = [];
    for (const i of mine) {
      let g = groups.at(-1);
      if (!g || g.code !== i.code) {
        g = { code: i.code, title: i.groupTitle, items: [] };
        groups.push(g);
      }
      g.items.push({ id: i.id, code: i.itemCode, title: i.title, guidance: i.guidance, descriptors: i.descriptors });
    }
    return {
      id: version.id,
      rubricId: rubric.id,
      name: rubric.name,
      departmentId: rubric.departmentId,
      number: version.number,
      status: version.status as RubricVersion['status'],
      scale: version.scale,
      groups,
      maximum: versionMaximum(mine.length, version.scale),
      publishedAt: iso(version.publishedAt),
      retiredAt: iso(version.retiredAt),
      version: version.version,
    };
  });
}

/** The definition a version's export writes (and an import or a new draft reads back). */
export function definitionOf(doc: RubricVersion): RubricDefinition {
  return {
    name: doc.name,
    groups: doc.groups.map((g) => ({
      code: g.code,
      title: g.title,
      items: g.items.map((i) => ({
        code: i.code,
        title: i.title,
        ...(i.guidance != null ? { guidance: i.guidance } : {}),
        ...(Object.keys(i.descriptors).length > 0 ? { descriptors: i.descriptors } : {}),
      })),
    })),
    scale: doc.scale.map((l) => ({ value: l.value, label: l.label })),
  };
}

/** Replace a draft's items with the definition's (the trigger refuses this for any version not a draft). */
export async function writeItems(tx: Tx, versionId: string, def: RubricDefinition): Promise<void> {
  await tx.delete(rubricItems).where(eq(rubricItems.rubricVersionId, versionId));
  await tx.insert(rubricItems).values(
    def.groups.flatMap((g, gi) =>
      g.items.map((item, ii) => ({
        rubricVersionId: versionId,
        code: g.code,
        groupTitle: g.title,
        groupPosition: gi + 1,
        position: ii + 1,
        itemCode: item.code,
        title: item.title,
        guidance: item.guidance ?? null,
        descriptors: item.descriptors ?? {},
      })),
    ),
  );
}
