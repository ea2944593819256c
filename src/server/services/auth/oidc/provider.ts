/**
 * The identity provider as openid-client sees it: discovered once from the issuer's
 * /.well-known/openid-configuration (endpoints, signing keys, whether it offers RP-initiated logout) and kept
 * per process. A failed discovery is not kept, so a provider that was down is asked again on the next sign-in.
 */
import * as client from 'openid-client';
import type { Config, OidcConfig } from '../../../config.js';
import { HttpError } from '../../errors.js';
import { MSG } from '../../../../shared/messages.js';

const discovered = new Map<string, Promise<client.Configuration>>();

/** The provider's configuration, discovered on first use. 503 when the provider cannot be reached. */
export async function oidcProvider(oidc: OidcConfig): Promise<client.Configuration> {
  const key = `${oidc.issuer} ${oidc.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const url = new URL(oidc.issuer);
    // http:// is accepted by config.ts only for a provider on this machine (development and the tests).
    const options = url.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined;
    const auth = oidc.clientSecret ? client.ClientSecretPost(oidc.clientSecret) : client.None();
    found = client.discovery(url, oidc.clientId, oidc.clientSecret ? { client_secret: oidc.clientSecret } : undefined, auth, options);
    discovered.set(key, found);
    found.catch(() => discovered.delete(key));
  }
  try {
    return await found;
  } catch (err) {
    throw Object.assign(new HttpError('unavailable', MSG.ssoProviderUnreachable), { cause: err });
  }
}

/** Where the provider sends the browser back: OIDC_REDIRECT_URL, else the public address's callback route. */
export function redirectUrl(config: Pick<Config, 'publicUrl' | 'oidc'>): string {
  return config.oidc?.redirectUrl ?? `${config.publicUrl.replace(/\/+$/, '')}/api/auth/oidc/callback`;
}
