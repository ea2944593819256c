/**
 * Secrets never reach a log line. Two layers, both installed on the Fastify logger by buildApp:
 *
 *  - `LOG_REDACT`: pino redaction of credential-bearing keys wherever a log call passes them (headers,
 *    bodies, rows): passwords, password hashes, tokens, authorization and cookie headers.
 *  - `safeErrorSerializer` for `err`: database errors carry the failing statement's values — drizzle's
 *    DrizzleQueryError puts `params: …` in its message (and so in its stack), PGlite attaches `params`, pg and
 *    PGlite attach `detail` ("Failing row contains (…, scrypt$…)", "Key (email)=(…)"). The serializer keeps
 *    only a whitelist of diagnostic fields (code, constraint, table …), cuts the `params:` part out of the
 *    message and stack, and blanks any parameter value that still appears there. Causes are serialized the
 *    same way.
 *
 *  - `safeRequestSerializer` for `req` (the "incoming request" line at the default level): URLs whose path carries
 *    a secret (the calendar feed) and credential-like query parameters are logged with the secret replaced.
 *
 * Idempotency keys, user ids, upload ids and SQL text (parameterised, so without values) are not secrets and
 * stay. A profile picture's address is unguessable but handed to every viewer of the user: not a secret either.
 */
import type { FastifyError } from 'fastify';

const SECRET_KEYS = [
  'password',
  'passwordHash',
  'password_hash',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'token',
  'tokenHash',
  'token_hash',
  'authorization',
  'cookie',
  'set-cookie',
  // Single sign-on (services/auth/oidc/): the hand-over ticket, the PKCE verifier, the provider's tokens.
  'ticket',
  'codeVerifier',
  'code_verifier',
  'idToken',
  'id_token',
  'access_token',
];

/** Redaction paths: the key at the top level and up to two levels down (pino wildcards match one level). */
export const LOG_REDACT = {
  paths: SECRET_KEYS.flatMap((k) => {
    const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`;
    const join = (prefix: string) => (key.startsWith('[') ? `${prefix}${key}` : `${prefix}.${key}`);
    return [key, join('*'), join('*.*')];
  }),
  censor: '[redacted]',
};

/**
 * Addresses that carry a secret in their path: the calendar subscription feed (`/api/calendar/<secret>.ics`, a
 * capability URL calendar apps fetch without a token). The secret part is replaced before the URL is logged.
 */
const SECRET_PATHS: RegExp[] = [/^(\/api\/+calendar\/+)[^?#]*/i];
/**
 * Query parameters that may carry a credential, whatever a client appends: the API reads none of them but the
 * single sign-on callback's `code` and `state` (one-time, but an unspent pair is a sign-in).
 */
const SECRET_QUERY = /^(token|access_token|auth|authorization|key|secret|password|signature|sig|code|state|id_token_hint)$/i;

/** A request URL as it may appear in a log line: secret path parts and credential-like query values replaced. */
export function logSafeUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, '$1[redacted]');
  if (!query) return path;
  const safe = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      let name = eq < 0 ? pair : pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as sent
      }
      return eq >= 0 && SECRET_QUERY.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${safe}`;
}

/** Fastify's request serializer (method, url, host, address, port) with the URL made log-safe. */
export function safeRequestSerializer(req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? logSafeUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Fields of a (database) error that describe it without carrying row values. */
const SAFE_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'schema', 'routine', 'reason'] as const;

const PARAMS_SECTION = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;
const HASH_LIKE = /scrypt\$[^\s,)'"]*/g;

function paramValues(err: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const field of ['params', 'parameters']) {
    const list = err[field];
    if (Array.isArray(list)) {
      for (const v of list) {
        const s = typeof v === 'string' ? v : v instanceof Date ? '' : v == null ? '' : JSON.stringify(v);
        // Short values (numbers, booleans, tiny strings) would blank unrelated text and are not secrets.
        if (s && s.length >= 6) out.push(s);
      }
    }
  }
  return out;
}

function scrub(text: string, values: string[]): string {
  let s = text.replace(PARAMS_SECTION, '\nparams: [redacted]').replace(HASH_LIKE, '[redacted]');
  for (const v of values) s = s.split(v).join('[redacted]');
  return s;
}

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  query?: string;
  cause?: SafeError;
  [field: string]: unknown;
}

export function safeErrorSerializer(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) {
    return { type: typeof err, message: scrub(String(err), []), stack: '' };
  }
  const e = err as FastifyError & Record<string, unknown>;
  const values = paramValues(e);
  const out: SafeError = {
    type: e.constructor?.name ?? 'Error',
    message: scrub(e.message ?? '', values),
    stack: typeof e.stack === 'string' ? scrub(e.stack, values) : '',
  };
  for (const f of SAFE_FIELDS) {
    const v = e[f];
    if (typeof v === 'string' || typeof v === 'number') out[f] = v;
  }
  // Parameterised SQL text names tables and columns, never values.
  if (typeof e.query === 'string') out.query = scrub(e.query, values).slice(0, 2000);
  if (e.cause !== undefined && depth < 4) {
    const cause = safeErrorSerializer(e.cause, depth + 1);
    // The cause's text may repeat the outer error's parameters.
    cause.message = scrub(cause.message, values);
    cause.stack = scrub(cause.stack, values);
    out.cause = cause;
  }
  return out;
}
