/** The part of oidc-provider (a real OpenID Connect provider, shipped without types) the single sign-on tests use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface Context {
    oidc: {
      provider: { Grant: new (init: { clientId: string; accountId: string }) => Grant };
      client?: { clientId: string };
      session?: { accountId: string };
    };
  }
  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Record<string, unknown>[];
        findAccount(ctx: Context, id: string): Promise<{ accountId: string; claims(): Promise<Record<string, unknown>> } | undefined>;
        claims: Record<string, string[]>;
        conformIdTokenClaims?: boolean;
        pkce?: { required(): boolean };
        features?: Record<string, { enabled: boolean }>;
        loadExistingGrant?(ctx: Context): Promise<Grant | undefined>;
        ttl?: Record<string, number | (() => number)>;
        cookies?: { keys: string[] };
      },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
