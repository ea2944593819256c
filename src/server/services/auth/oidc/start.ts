/**
 * The first leg of a single sign-on (authorization code with PKCE): a fresh state, nonce and PKCE verifier are
 * kept in oidc_logins (the state only as its SHA-256) for LOGIN_MINUTES, and the browser is sent to the provider
 * with the state, the nonce and the verifier's S256 challenge. The row is in the database so the callback may
 * reach any instance (docs/adr/2026-11-28-single-sign-on.md).
 */
import { and, isNull, lt } from 'drizzle-orm';
import * as client from 'openid-client';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { oidcLogins } from '../../../db/schema.js';
import { notFound } from '../../errors.js';
import { MSG } from '../../../../shared/messages.js';
import { hashToken } from '../sessions.js';
import { oidcProvider, redirectUrl } from './provider.js';

/** How long the provider's sign-in page may take before the callback is refused. */
export const LOGIN_MINUTES = 10;
/** A sign-in that never became a session is purged this long after it expired (one that did goes with its session). */
const KEEP_UNUSED_MS = 86_400_000;

export async function startOidcLogin(db: Db, config: Pick<Config, 'oidc' | 'publicUrl'>, now: Date): Promise<URL> {
  const oidc = config.oidc;
  if (!oidc) throw notFound(MSG.ssoNotConfigured);
  const provider = await oidcProvider(oidc);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  // Abandoned sign-ins (nobody came back) are dropped as new ones start; one indexed delete.
  await db.delete(oidcLogins).where(and(lt(oidcLogins.expiresAt, new Date(now.getTime() - KEEP_UNUSED_MS)), isNull(oidcLogins.sessionId)));
  await db.insert(oidcLogins).values({ stateHash: hashToken(state), nonce, codeVerifier, createdAt: now, expiresAt: new Date(now.getTime() + LOGIN_MINUTES * 60_000) });
  return client.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUrl(config),
    scope: oidc.scopes,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
}
