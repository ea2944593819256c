/** Single sign-on (docs/api.md, docs/operations/single-sign-on.md): wire shapes of the /auth/oidc and /sso-requests routes. */
import { z } from 'zod';
import { TEXT_MAX } from '../constants.js';
import { MessageBody } from './common.js';
import { Role } from './enums.js';
import { text } from './text.js';

/** How this server lets people sign in: the login page shows the single sign-on button and/or the password form. */
export const SignInMethods = z.object({
  /** Null: single sign-on is not set up. */
  sso: z.object({ label: z.string() }).nullable(),
  /** False: only the break-glass administrator may use the password form. */
  passwordSignIn: z.boolean(),
});
export type SignInMethods = z.infer<typeof SignInMethods>;

/** The one-time ticket the callback left in the app's URL, traded for the session. */
export const SsoSessionRequest = z.object({ ticket: text(TEXT_MAX.line) });
export type SsoSessionRequest = z.infer<typeof SsoSessionRequest>;

/** POST /auth/logout's answer: with `endSessionUrl` when the session came from a provider that offers logout. */
export const LogoutResponse = MessageBody.extend({ endSessionUrl: z.string().optional() });
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/** Someone the provider vouched for, waiting for an Admin. */
export const SsoRequest = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** The provider's claims (no tokens): what the Admin decides on (groups, department, affiliation). */
  claims: z.record(z.string(), z.unknown()),
});
export type SsoRequest = z.infer<typeof SsoRequest>;

export const SsoRequestList = z.object({ requests: z.array(SsoRequest) });
export type SsoRequestList = z.infer<typeof SsoRequestList>;

/** Approval: the role (one the Admin may create) and, for a department role, the department. */
export const ApproveSsoRequest = z.object({
  role: Role,
  department: z.number().int().positive().max(2_147_483_647).optional(),
});
export type ApproveSsoRequest = z.infer<typeof ApproveSsoRequest>;
