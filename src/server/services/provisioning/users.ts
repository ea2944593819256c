/**
 * The users file (name, email, role, department): a row per account, matched by its address (case-insensitive).
 * The rules are POST /auth/create's, reused: the §5 address checks (isValidEmail, the university domain), the role
 * the importer may create (mayCreateRole), the department from the importer or named (departmentSource); an
 * existing account only when the importer may manage it (mayManageUser).
 *   new address        → create: invited to set a password (the New User email with the link), as a user created
 *                        without a password is
 *   existing, same     → unchanged
 *   existing, changed  → update of name and (for importers without a department) department; a role is never
 *                        changed by an import, nor the department of someone in an open observation
 */
import { and, inArray, ne, or, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/enums.js';
import { ROLES } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { mayCreateRole, mayManageUser } from '../../../shared/permissions.js';
import { hasDomain, isValidEmail } from '../../../shared/validation.js';
import { TEXT_MAX } from '../../../shared/constants.js';
import type { Db, Tx } from '../../db/client.js';
import { departments, observations, users } from '../../db/schema.js';
import { createInvitations, unusablePasswordHash } from '../auth/invitations.js';
import type { AuthUser } from '../deps.js';
import { queueEmails } from '../mail/queue-email.js';
import { departmentSource } from '../users/create-user.js';
import type { CsvRow } from './csv.js';
import { chunks, PlanBuilder, type ImportPlan } from './plan.js';

interface Existing {
  id: string;
  name: string;
  email: string;
  role: string;
  departmentId: number | null;
}

export async function planUsers(db: Db | Tx, actor: AuthUser, rows: CsvRow[], domain: string): Promise<ImportPlan> {
  const p = new PlanBuilder();
  const deptRows = await db.select({ id: departments.id, name: departments.name }).from(departments);
  const deptByName = new Map(deptRows.map((d) => [d.name.toLowerCase(), d.id]));
  const deptName = new Map(deptRows.map((d) => [d.id, d.name]));

  const emails = [...new Set(rows.map((r) => r.cells.email.toLowerCase()).filter((e) => e !== ''))];
  const existing = new Map<string, Existing>();
  for (const part of chunks(emails, 5000)) {
    const found = await db
      .select({ id: users.id, name: users.name, email: users.email, role: users.role, departmentId: users.departmentId })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, part));
    for (const u of found) existing.set(u.email.toLowerCase(), u);
  }
  // People in an open observation keep their department (the observation belongs to it).
  const inOpen = new Set<string>();
  const ids = [...existing.values()].map((u) => u.id);
  for (const part of chunks(ids, 5000)) {
    const open = await db
      .select({ f: observations.facultyId, o: observations.observerId, h: observations.hodId })
      .from(observations)
      .where(and(ne(observations.status, 'Completed'), or(inArray(observations.facultyId, part), inArray(observations.observerId, part), inArray(observations.hodId, part))));
    for (const o of open) for (const id of [o.f, o.o, o.h]) inOpen.add(id);
  }

  const creates: { row: number; name: string; email: string; role: Role; departmentId: number | null }[] = [];
  const updates: { id: string; name: string; departmentId: number | null }[] = [];
  const firstRowOf = new Map<string, number>();

  for (const { row, cells } of rows) {
    const email = cells.email.toLowerCase();
    const key = email || `row ${row}`;
    if (!cells.name) p.error(row, 'name', MSG.requiredData);
    else if (cells.name.length > TEXT_MAX.name) p.error(row, 'name', `must be at most ${TEXT_MAX.name} characters`);
    if (!email) p.error(row, 'email', MSG.requiredData);
    else if (!isValidEmail(email)) p.error(row, 'email', MSG.invalidEmail);
    else if (!hasDomain(email, domain)) p.error(row, 'email', MSG.domainOnly(domain));
    else if (firstRowOf.has(email)) p.error(row, 'email', `This address is already on row ${firstRowOf.get(email)}.`);
    else firstRowOf.set(email, row);

    const role = ROLES.find((r) => r.toLowerCase() === cells.role.toLowerCase().replace(/[\s-]+/g, '_'));
    if (!role) p.error(row, 'role', `one of ${ROLES.join(', ')}`);
    else if (!mayCreateRole(actor.role, role)) p.error(row, 'role', MSG.roleNotAllowed);

    let departmentId: number | null = actor.departmentId;
    if (role && departmentSource(actor, role) === 'named') {
      const named = deptByName.get(cells.department.toLowerCase());
      if (!cells.department) p.error(row, 'department', MSG.selectDepartment);
      else if (named === undefined) p.error(row, 'department', `${MSG.unknownDepartment} (${cells.department})`);
      else departmentId = named;
    } else if (cells.department && actor.departmentId != null && cells.department.toLowerCase() !== (deptName.get(actor.departmentId) ?? '').toLowerCase()) {
      p.error(row, 'department', `you import users of your own department only (${deptName.get(actor.departmentId) ?? ''})`);
    }

    const found = existing.get(email);
    if (found && role) {
      if (!mayManageUser(actor, found)) p.error(row, 'email', 'this account exists and is not one you may change');
      else if (found.role !== role) p.error(row, 'role', `the account is ${found.role}; an import does not change roles`);
      const changes: string[] = [];
      if (found.name !== cells.name) changes.push('name');
      if (found.departmentId !== departmentId) {
        if (inOpen.has(found.id)) p.error(row, 'department', 'this person is in an open observation of their department');
        changes.push('department');
      }
      if (changes.length) updates.push({ id: found.id, name: cells.name, departmentId });
      p.result(row, key, changes.length ? 'update' : 'unchanged', changes);
    } else {
      if (role) creates.push({ row, name: cells.name, email, role, departmentId });
      p.result(row, key, 'create');
    }
  }

  return {
    results: p.results,
    errors: p.errors,
    async apply(ctx) {
      const { tx, now } = ctx;
      // One unusable hash for the file: its password is never kept, and scrypt per row would cost minutes.
      const passwordHash = await unusablePasswordHash();
      const made: { id: string; name: string; email: string }[] = [];
      for (const part of chunks(creates)) {
        const inserted = await tx
          .insert(users)
          .values(part.map((c) => ({ name: c.name, email: c.email, passwordHash, role: c.role, campus: actor.campus, departmentId: c.departmentId, createdBy: actor.id })))
          .returning({ id: users.id, name: users.name, email: users.email });
        made.push(...inserted);
      }
      for (const u of updates) await tx.update(users).set({ name: u.name, departmentId: u.departmentId }).where(sql`${users.id} = ${u.id}`);
      const links = await createInvitations(tx, made.map((m) => m.id), now);
      await queueEmails(tx, 'CreateUser', made.map((m) => ({ name: m.name, email: m.email, vars: { link: links.get(m.id)! } })));
    },
  };
}
