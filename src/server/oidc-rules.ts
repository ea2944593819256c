/**
 * OIDC_RULES: how someone the identity provider vouches for, but Observa does not know yet, is placed. A JSON array
 * of rules, tried in order; the first whose claim matches gives the role and the department, and the account is
 * created at once. Nobody matched (or a rule naming a department that does not exist) → the person is held as
 * pending until an Admin decides (docs/operations/single-sign-on.md).
 *
 *   [{ "claim": "groups", "equals": "observa-observers", "role": "Observer", "department": "Physics" },
 *    { "claim": "extension_department", "matches": ".+", "role": "Faculty", "departmentClaim": "extension_department" }]
 *
 * `claim` is a claim name of the ID token or userinfo, dotted for nested ones (Keycloak's `realm_access.roles`);
 * `equals` compares exactly, `matches` is a regular expression; an array claim matches when one element does.
 * Super_Admin is never given by a rule.
 */
import { z } from 'zod';
import { ROLES, type Role } from '../shared/enums.js';

const RULE_ROLES = ROLES.filter((r) => r !== 'Super_Admin') as [Role, ...Role[]];

const Rule = z
  .strictObject({
    claim: z.string().min(1),
    equals: z.string().optional(),
    matches: z.string().optional(),
    role: z.enum(RULE_ROLES),
    department: z.string().min(1).optional(),
    departmentClaim: z.string().min(1).optional(),
  })
  .superRefine((r, ctx) => {
    if ((r.equals === undefined) === (r.matches === undefined)) ctx.addIssue({ code: 'custom', message: 'needs exactly one of "equals" and "matches"' });
    if (r.department && r.departmentClaim) ctx.addIssue({ code: 'custom', message: 'names "department" or "departmentClaim", not both' });
    if (r.matches !== undefined) {
      try {
        new RegExp(r.matches);
      } catch {
        ctx.addIssue({ code: 'custom', path: ['matches'], message: `"${r.matches}" is not a regular expression` });
      }
    }
  });

export type OidcRule = z.output<typeof Rule>;

/** The rules, or a message naming what is wrong (rule number, field, value). Unset or empty = no rules. */
export function parseOidcRules(raw: string | undefined): OidcRule[] | string {
  if (raw === undefined || raw.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return `is not JSON: ${raw.length > 80 ? `${raw.slice(0, 80)}…` : raw}`;
  }
  if (!Array.isArray(json)) return 'must be a JSON array of rules';
  const rules: OidcRule[] = [];
  for (const [i, item] of json.entries()) {
    const parsed = Rule.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.length ? ` ${issue.path.join('.')}` : '';
      return `rule ${i + 1}${where}: ${issue.message} (${JSON.stringify(item)})`;
    }
    rules.push(parsed.data);
  }
  return rules;
}

/** A claim by dotted name (`realm_access.roles`); a name with a dot that exists as is wins. */
export function claimValue(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function matchesOne(rule: OidcRule, value: unknown): boolean {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return false;
  const text = String(value);
  if (rule.equals !== undefined) return text === rule.equals;
  return new RegExp(rule.matches!).test(text);
}

export interface Placement {
  role: Role;
  /** A department's name, as the rule or the claim gives it; null = the rule names none. */
  department: string | null;
  /** The rule's position (1-based), for the audit trail. */
  rule: number;
}

/** The first rule the claims match, or null (the person is held as pending). */
export function placeByRules(rules: readonly OidcRule[], claims: Record<string, unknown>): Placement | null {
  for (const [i, rule] of rules.entries()) {
    const value = claimValue(claims, rule.claim);
    const hit = Array.isArray(value) ? value.some((v) => matchesOne(rule, v)) : matchesOne(rule, value);
    if (!hit) continue;
    let department: string | null = rule.department ?? null;
    if (rule.departmentClaim) {
      const d = claimValue(claims, rule.departmentClaim);
      department = typeof d === 'string' && d.trim() ? d.trim() : null;
      if (!department) continue;
    }
    return { role: rule.role, department, rule: i + 1 };
  }
  return null;
}
