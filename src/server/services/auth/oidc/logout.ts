/**
 * RP-initiated logout: when the session being ended came from single sign-on and the provider advertises an
 * end_session_endpoint, the logout answer carries the URL that ends the provider's session too (with the ID token
 * as hint and the login page as where to come back). The app sends the browser there after clearing its own data.
 */
import { eq } from 'drizzle-orm';
import * as client from 'openid-client';
import type { Config } from '../../../config.js';
import type { Db, Tx } from '../../../db/client.js';
import { oidcLogins } from '../../../db/schema.js';
import { oidcProvider } from './provider.js';

export async function endSessionUrl(tx: Db | Tx, config: Pick<Config, 'oidc' | 'publicUrl'>, sessionId: string): Promise<string | undefined> {
  if (!config.oidc) return undefined;
  const [login] = await tx.select({ idToken: oidcLogins.idToken }).from(oidcLogins).where(eq(oidcLogins.sessionId, sessionId));
  if (!login?.idToken) return undefined;
  let provider: client.Configuration;
  try {
    provider = await oidcProvider(config.oidc);
  } catch {
    // The provider is unreachable: Observa's own session ends all the same.
    return undefined;
  }
  if (!provider.serverMetadata().end_session_endpoint) return undefined;
  return client
    .buildEndSessionUrl(provider, {
      id_token_hint: login.idToken,
      post_logout_redirect_uri: `${config.publicUrl.replace(/\/+$/, '')}/login`,
    })
    .toString();
}
