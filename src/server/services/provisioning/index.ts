/**
 * Provisioning from CSV files (docs/operations/provisioning.md; the design: docs/adr/2026-11-28-provisioning-from-
 * csv-files.md). A file is read (csv.ts), then planned against the database by its kind's planner, which reuses
 * the rules of the single routes (who creates whom, the course and slot rules, the department rules):
 *   preview  the plan: per row create / update / unchanged / error, and every error naming row and column
 *   apply    the same plan made again inside the change's transaction; any error → 400 and nothing written, else
 *            every create and update of the file, committed together (one transaction per file)
 * Rows are matched by natural keys (email; course code; course code + section code), so applying a file twice
 * changes nothing the second time.
 */
import { MSG } from '../../../shared/messages.js';
import { can } from '../../../shared/permissions.js';
import type { ImportApplied, ImportCounts, ImportKind, ImportPreview } from '../../../shared/contract/provisioning.js';
import { IMPORT_KINDS } from '../../../shared/contract/provisioning.js';
import type { Db, Tx } from '../../db/client.js';
import { forgetSessions } from '../auth/session-cache.js';
import type { AuthUser } from '../deps.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { WriteContext } from '../write-context.js';
import { planAssignments } from './assignments.js';
import { planCourses } from './courses.js';
import { readImport } from './csv.js';
import type { ImportPlan } from './plan.js';
import { planUsers } from './users.js';

/** Who may import each kind: the capability of the single route it stands for. */
const NEEDS = { users: 'user.manage', courses: 'course.create', assignments: 'slots.assign' } as const;

export function importKind(raw: string, actor: AuthUser): ImportKind {
  const kind = IMPORT_KINDS.find((k) => k === raw);
  if (!kind) throw notFound(MSG.notFound);
  if (!can(actor.role, NEEDS[kind])) throw forbidden(MSG.forbidden);
  return kind;
}

async function plan(db: Db | Tx, actor: AuthUser, kind: ImportKind, csv: string, domain: string): Promise<ImportPlan> {
  const read = readImport(kind, csv);
  if (read.errors.length && read.rows.length === 0) return { results: [], errors: read.errors, apply: async () => undefined };
  const made = kind === 'users' ? await planUsers(db, actor, read.rows, domain) : kind === 'courses' ? await planCourses(db, actor, read.rows) : await planAssignments(db, actor, read.rows);
  return { ...made, errors: [...read.errors, ...made.errors].sort((a, b) => a.row - b.row) };
}

function countsOf(p: ImportPlan): ImportCounts {
  const counts: ImportCounts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of p.results) counts[r.action]++;
  // Rows the reader refused (a wrong number of cells) have no result of their own.
  counts.error += new Set(p.errors.map((e) => e.row)).size - new Set(p.results.filter((r) => r.action === 'error').map((r) => r.row)).size;
  return counts;
}

export async function previewImport(db: Db, actor: AuthUser, rawKind: string, csv: string, domain: string): Promise<ImportPreview> {
  const kind = importKind(rawKind, actor);
  const p = await plan(db, actor, kind, csv, domain);
  return { kind, counts: countsOf(p), rows: p.results, errors: p.errors };
}

export async function applyImport(ctx: WriteContext, rawKind: string, csv: string): Promise<ImportApplied> {
  const { tx, user: actor } = ctx;
  const kind = importKind(rawKind, actor);
  const p = await plan(tx, actor, kind, csv, ctx.deps.config.universityDomain);
  if (p.errors.length) {
    const first = p.errors[0];
    throw badRequest(`Nothing was imported: ${p.errors.length} error${p.errors.length === 1 ? '' : 's'}, the first on row ${first.row}${first.column ? `, column ${first.column}` : ''}: ${first.message}`);
  }
  const counts = countsOf(p);
  await p.apply(ctx);
  // An update may rename a signed-in user: cached sessions must not keep the old name (session-cache.ts).
  if (counts.update > 0) forgetSessions();
  ctx.audit({ actorId: actor.id, action: `import.${kind}`, entity: kind === 'users' ? 'users' : kind === 'courses' ? 'courses' : 'slots', entityId: null, detail: counts });
  const message = counts.create + counts.update === 0 ? 'Nothing to change: every row is already as the file says.' : `Imported: ${counts.create} created, ${counts.update} updated, ${counts.unchanged} unchanged.`;
  return { message, kind, counts };
}
