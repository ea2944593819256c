/**
 * The demo accounts the server seeds on a fresh database (src/server/seed/demo-accounts.ts is the source of truth):
 * the first account of each role is the one the journeys sign in as.
 */
import { DEMO_ACCOUNTS as SEEDED, DEMO_PASSWORD } from '../../../src/server/seed/demo-accounts.js';
import { ROLES, type Role } from '../../../src/shared/enums.js';

export { DEMO_PASSWORD };
export const DOMAIN = 'university.edu';

export interface DemoAccount {
  role: Role;
  email: string;
  name: string;
  department: string | null;
}

/** One account per role, in the order of ROLES (Super_Admin first). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = ROLES.map((role) => {
  const a = SEEDED.find((s) => s.role === role);
  if (!a) throw new Error(`the demo seed has no ${role}`);
  return { role, email: `${a.local}@${DOMAIN}`, name: a.name, department: a.department };
});

export function demo(role: Role): DemoAccount {
  return DEMO_ACCOUNTS.find((d) => d.role === role)!;
}

/**
 * Any seeded account by its local part. A journey that asserts exact server versions of a user signs in as one no
 * other journey touches (the journeys run in parallel against one server).
 */
export function demoAccount(local: string): DemoAccount {
  const a = SEEDED.find((s) => s.local === local);
  if (!a) throw new Error(`the demo seed has no ${local}`);
  return { role: a.role, email: `${local}@${DOMAIN}`, name: a.name, department: a.department };
}
