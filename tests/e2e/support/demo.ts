/**
 * The demo accounts the server seeds on a fresh database (SEED_DEMO, see src/server/seed) — one per role.
 * Kept here as plain data so the journeys state what they expect; the seed is the source of truth and a
 * mismatch fails the sign-in journeys loudly.
 */
import type { Role } from '../../../src/shared/enums.js';

export const DEMO_PASSWORD = 'observa-demo';
export const DOMAIN = 'university.edu';

export interface DemoAccount {
  role: Role;
  email: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'Super_Admin', email: `superadmin@${DOMAIN}` },
  { role: 'Admin', email: `admin@${DOMAIN}` },
  { role: 'Campus_Director', email: `director@${DOMAIN}` },
  { role: 'Head_of_Department', email: `hod@${DOMAIN}` },
  { role: 'Observer', email: `observer@${DOMAIN}` },
  { role: 'Faculty', email: `faculty@${DOMAIN}` },
];

export function demo(role: Role): DemoAccount {
  const a = DEMO_ACCOUNTS.find((d) => d.role === role);
  if (!a) throw new Error(`no demo account for ${role}`);
  return a;
}
