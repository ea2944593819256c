/**
 * The provider's answer (GET /api/auth/oidc/callback): the started sign-in is found by its state and spent at once
 * (a second use of the same answer finds nothing), the code is exchanged with the PKCE verifier, and openid-client
 * checks the ID token (signature, issuer, audience, expiry) and its nonce. Only then is the person matched
 * (accounts.ts) and, when they may sign in, handed a one-time ticket the app trades for its session (hand-over.ts).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import * as client from 'openid-client';
import { MSG } from '../../../../shared/messages.js';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { oidcLogins } from '../../../db/schema.js';
import { badRequest, forbidden, HttpError, notFound, unauthenticated } from '../../errors.js';
import { hashToken } from '../sessions.js';
import { matchAccount, type VerifiedIdentity } from './accounts.js';
import { issueTicket } from './hand-over.js';
import { oidcProvider, redirectUrl } from './provider.js';

export type CallbackOutcome = { kind: 'signed-in'; ticket: string } | { kind: 'pending' };

/** Attaches what went wrong underneath (logged by the route, never shown). */
const because = (err: HttpError, cause: unknown) => Object.assign(err, { cause });

export async function finishOidcLogin(db: Db, config: Config, query: URLSearchParams, now: Date): Promise<CallbackOutcome> {
  const oidc = config.oidc;
  if (!oidc) throw notFound(MSG.ssoNotConfigured);
  const state = query.get('state');
  if (!state) throw badRequest(MSG.ssoStateMissing);
  // Spent in one statement: of two callbacks with the same state (a replay, a double click) one gets the row.
  const [login] = await db
    .update(oidcLogins)
    .set({ usedAt: now })
    .where(and(eq(oidcLogins.stateHash, hashToken(state)), isNull(oidcLogins.usedAt), gt(oidcLogins.expiresAt, now)))
    .returning();
  if (!login) throw badRequest(MSG.ssoStateUnknown);
  const providerError = query.get('error');
  if (providerError) throw because(forbidden(MSG.ssoProviderError), new Error(`provider answered ${providerError}: ${query.get('error_description') ?? ''}`));

  const provider = await oidcProvider(oidc);
  // The registered redirect URI with the provider's parameters: openid-client sends it with the code, and it must
  // be the one the authorization request named (behind a proxy the request's own URL may differ).
  const current = new URL(redirectUrl(config));
  current.search = query.toString();
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(provider, current, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    throw because(unauthenticated(MSG.ssoFailed), err);
  }
  const idClaims = tokens.claims();
  if (!idClaims || !tokens.id_token) throw unauthenticated(MSG.ssoFailed);
  let claims: Record<string, unknown> = { ...idClaims };
  if (typeof claims.email !== 'string' && tokens.access_token) {
    // Some providers put the address only in userinfo; the ID token's claims win where both say something.
    try {
      claims = { ...(await client.fetchUserInfo(provider, tokens.access_token, idClaims.sub)), ...claims };
    } catch (err) {
      throw because(unauthenticated(MSG.ssoFailed), err);
    }
  }

  const identity = verifiedIdentity(claims, config);
  return db.transaction(async (tx) => {
    const account = await matchAccount(tx, config, identity, now);
    if (account.kind === 'pending') return { kind: 'pending' } as const;
    return { kind: 'signed-in', ticket: await issueTicket(tx, login.stateHash, account.user.id, tokens.id_token!, now) } as const;
  });
}

/** The person as the provider vouches for them: a verified address within UNIVERSITY_DOMAIN, or a 403. */
function verifiedIdentity(claims: Record<string, unknown>, config: Config): VerifiedIdentity {
  const oidc = config.oidc!;
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email) throw forbidden(MSG.ssoEmailMissing);
  const verified = claims[oidc.emailVerifiedClaim];
  if (verified !== true && verified !== 'true') throw forbidden(MSG.ssoEmailUnverified);
  if (!email.endsWith(`@${config.universityDomain}`) || email.split('@').length !== 2) throw forbidden(MSG.ssoEmailOutsideDomain(config.universityDomain));
  const given = [claims.given_name, claims.family_name].filter((v) => typeof v === 'string' && v.trim()).join(' ');
  const name = (typeof claims.name === 'string' && claims.name.trim()) || given || email.split('@')[0];
  // Only what an Admin deciding on a pending person needs; never tokens.
  const { iss, sub, ...rest } = claims;
  for (const k of ['aud', 'exp', 'iat', 'nbf', 'nonce', 'at_hash', 'c_hash', 'sid', 'auth_time', 'azp', 'jti']) delete rest[k];
  return { issuer: String(iss), subject: String(sub), email, name: name.slice(0, 200), claims: rest };
}
