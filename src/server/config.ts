/** Configuration from the environment, validated once at start; a bad value stops the server with a clear message. */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_UPLOAD_QUOTA_BYTES } from '../shared/contract/files.js';
import { DEFAULT_RESPONSE_REMINDER_DAYS, DEFAULT_RESPONSE_WINDOW_DAYS } from '../shared/closing.js';
import { isTimeZone } from '../shared/campus-time.js';
import { parseOidcRules, type OidcRule } from './oidc-rules.js';

/**
 * Session lifetime defaults (docs/security.md; ADR 2026-11-27-session-lifetime): an observer's tablet may stay
 * offline for days and must still push its queued work when it is back, so sessions are long; a stolen token
 * stops working after two weeks unused, and every session after thirty days whatever happens.
 */
export const DEFAULT_SESSION_IDLE_DAYS = 14;
export const DEFAULT_SESSION_MAX_DAYS = 30;
const DAY_MS = 86_400_000;
/**
 * How long a shutdown waits for requests in flight (docs/operations/shutdown.md): a batched push of a day's offline
 * work runs for seconds, not minutes, and orchestrators usually kill after 30 s (Kubernetes' default grace period).
 */
export const DEFAULT_SHUTDOWN_GRACE_SECONDS = 25;
/** How long a certification holds (docs/adr/2026-11-28-calibration.md): a year, one round of calibration per year. */
export const DEFAULT_CALIBRATION_VALID_DAYS = 365;

const Bool = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    if (/^(1|true|yes|on)$/i.test(v)) return true;
    if (/^(0|false|no|off)$/i.test(v)) return false;
    ctx.addIssue({ code: 'custom', message: 'must be true or false' });
    return z.NEVER;
  });

/** An https:// URL, or http:// on this machine only; the message names the bad value. */
const UrlSetting = z
  .string()
  .optional()
  .superRefine((v, ctx) => {
    if (v && !isIssuerUrl(v)) ctx.addIssue({ code: 'custom', message: `"${v}" must be an https:// URL (http:// only for localhost)` });
  });

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
  /** db/prepared-statements.ts; also read by openDb itself, so every process that opens the database honours it. */
  DB_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  UNIVERSITY_DOMAIN: z
    .string()
    .default('university.edu')
    .refine((v) => /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(v), 'must be a domain such as university.edu'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Observa <no-reply@university.edu>'),
  SEED_DEMO: Bool.transform((v) => v ?? true),
  /** With SEED_DEMO: also the Physics department's staged observations (one per stage of the cycle). */
  SEED_DEMO_OBSERVATIONS: Bool.transform((v) => v ?? true),
  /** Unset: links in calendars use the address the app is served from (the request's host, per TRUST_PROXY). */
  PUBLIC_URL: z.string().optional(),
  /** IANA zone of the campus clock: class slot times are campus-local (calendar events, reminders). */
  CAMPUS_TIME_ZONE: z
    .string()
    .default('UTC')
    .refine((v) => isTimeZone(v), 'must be an IANA time zone such as Europe/Berlin or UTC'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Directory of the built client; served when present. */
  CLIENT_DIR: z.string().default('./dist/client'),
  /** Login attempts per client address per minute (a campus behind one NAT address may need more). */
  LOGIN_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Origins (scheme://host[:port]) of other sites whose pages may call the API; empty = same origin only. */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      for (const origin of list) {
        if (!isOrigin(origin)) {
          ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin such as https://app.university.edu (no path, no wildcard)` });
          return z.NEVER;
        }
      }
      return [...new Set(list.map((o) => o.toLowerCase()))];
    }),
  /** Which peers may set X-Forwarded-For (reverse proxies): none by default. See parseTrustProxy. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string' && parsed.startsWith('!')) {
        ctx.addIssue({ code: 'custom', message: parsed.slice(1) });
        return z.NEVER;
      }
      return parsed as TrustProxy;
    }),
  /** A session unused for this many days ends (the idle limit). */
  SESSION_IDLE_DAYS: z.coerce.number().min(1 / 24, 'must be at least 1/24 (one hour)').max(365).default(DEFAULT_SESSION_IDLE_DAYS),
  /** A session ends this many days after sign-in, used or not (the absolute lifetime). */
  SESSION_MAX_DAYS: z.coerce.number().min(1 / 24, 'must be at least 1/24 (one hour)').max(365).default(DEFAULT_SESSION_MAX_DAYS),
  /** Live-update streams (GET /api/sync/events) one user may hold open on one instance. */
  SYNC_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
  /** Live-update streams one instance holds open in all. */
  SYNC_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(2000),
  /** Bytes each user may hold in unfinished and registered uploads. */
  UPLOAD_QUOTA_BYTES: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(DEFAULT_UPLOAD_QUOTA_BYTES),
  /** Days the faculty member has to respond once the post-observation meeting is completed (src/shared/closing.ts). */
  RESPONSE_WINDOW_DAYS: z.coerce.number().int().min(1).max(90).default(DEFAULT_RESPONSE_WINDOW_DAYS),
  /** Days before the response window closes when the faculty member is reminded (0: no reminder). */
  RESPONSE_REMINDER_DAYS: z.coerce.number().int().min(0).max(30).default(DEFAULT_RESPONSE_REMINDER_DAYS),
  /** Days an observer stays calibrated on a rubric version after meeting its thresholds (services/calibration/). */
  CALIBRATION_VALID_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_CALIBRATION_VALID_DAYS),
  /** true: initiating an observation with an observer not calibrated on its rubric version is refused (409). */
  CALIBRATION_REQUIRED: Bool.transform((v) => v ?? false),
  /** S3-compatible object store for uploads and artifacts (all of bucket, region and keys, or none). */
  S3_ENDPOINT: z
    .string()
    .optional()
    .refine((v) => !v || /^https?:\/\/[^\s]+$/.test(v), 'must be an http(s):// URL'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Single sign-on (docs/operations/single-sign-on.md): the OpenID Connect provider's issuer URL. */
  OIDC_ISSUER: UrlSetting,
  OIDC_CLIENT_ID: z.string().optional(),
  /** Unset: a public client (PKCE alone, no client authentication at the token endpoint). */
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Unset: PUBLIC_URL + /api/auth/oidc/callback. Registered at the provider as the redirect URI. */
  OIDC_REDIRECT_URL: UrlSetting,
  OIDC_SCOPES: z
    .string()
    .default('openid email profile')
    .superRefine((v, ctx) => {
      if (!v.split(/\s+/).includes('openid')) ctx.addIssue({ code: 'custom', message: `"${v}" must include openid` });
    }),
  /** The claim saying the provider checked the address (Entra ID: the optional claim xms_edov). */
  OIDC_EMAIL_VERIFIED_CLAIM: z.string().min(1).default('email_verified'),
  /** The sign-in button's words. */
  OIDC_LABEL: z.string().max(60).default('Sign in with your university account'),
  /** Claim → role/department rules for people the provider vouches for but Observa does not know yet (JSON). */
  OIDC_RULES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseOidcRules(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  /** false: only single sign-on, and the break-glass administrator with a password. */
  PASSWORD_SIGN_IN: Bool.transform((v) => v ?? true),
  /** The one account that may still sign in with a password when PASSWORD_SIGN_IN is false. */
  BREAK_GLASS_ADMIN_EMAIL: z.string().optional(),
  /**
   * Unset: GET /metrics is off (404). Set: Prometheus metrics for a scraper sending `Authorization: Bearer <token>`.
   * Never echoed in a message: it is a secret.
   */
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((v) => !v || (v.length >= 16 && v.length <= 512), 'must be 16 to 512 characters long (a random secret, e.g. openssl rand -hex 32)')
    .refine((v) => !v || /^[\x21-\x7e]+$/.test(v), 'must be printable ASCII without spaces (it is sent as a bearer token)'),
  /** Seconds a SIGTERM waits for requests in flight before the process ends anyway (main.ts). */
  SHUTDOWN_GRACE_SECONDS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return DEFAULT_SHUTDOWN_GRACE_SECONDS;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 1 || n > 600) {
        ctx.addIssue({ code: 'custom', message: `"${v.slice(0, 40)}" is not a number of seconds from 1 to 600` });
        return z.NEVER;
      }
      return n;
    }),
}).superRefine((e, ctx) => {
  const oidc = ['OIDC_ISSUER', 'OIDC_CLIENT_ID'] as const;
  if (oidc.some((k) => e[k])) {
    for (const k of oidc) if (!e[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'is needed when single sign-on is configured (OIDC_ISSUER and OIDC_CLIENT_ID)' });
  }
  const domain = e.UNIVERSITY_DOMAIN.toLowerCase();
  const glass = e.BREAK_GLASS_ADMIN_EMAIL?.trim().toLowerCase();
  if (glass && !glass.endsWith(`@${domain}`)) {
    ctx.addIssue({ code: 'custom', path: ['BREAK_GLASS_ADMIN_EMAIL'], message: `"${e.BREAK_GLASS_ADMIN_EMAIL}" must be an address at ${domain}` });
  }
  if (e.PASSWORD_SIGN_IN === false) {
    if (!e.OIDC_ISSUER) ctx.addIssue({ code: 'custom', path: ['PASSWORD_SIGN_IN'], message: 'false needs single sign-on (OIDC_ISSUER and OIDC_CLIENT_ID), or nobody could sign in' });
    if (!glass) ctx.addIssue({ code: 'custom', path: ['BREAK_GLASS_ADMIN_EMAIL'], message: 'is needed when PASSWORD_SIGN_IN is false (the administrator who can still sign in when the provider is down)' });
  }
  if (e.SESSION_IDLE_DAYS > e.SESSION_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['SESSION_IDLE_DAYS'], message: `must not exceed SESSION_MAX_DAYS (${e.SESSION_MAX_DAYS})` });
  }
  const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (!s3.some((k) => e[k])) return;
  for (const k of s3.slice(1)) {
    if (!e[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'is needed when any S3_ variable is set' });
  }
});

/**
 * Who may tell the server the client's address through X-Forwarded-For (Fastify's `trustProxy`):
 *   unset, "", "false", "none"  nobody: the address is the TCP peer's (default; a client cannot claim another)
 *   a whole number n ≥ 1          the n proxies nearest the server, whoever they are (hops)
 *   a comma-separated list        addresses, CIDR ranges (10.0.0.0/8, fd00::/8) and proxy-addr's named ranges
 *                                 loopback, linklocal, uniquelocal: only these peers (and a chain of them)
 * "true" (trust every peer) is refused: any client could then claim any address and escape the per-address
 * limits; a hop count says the same for a known chain of proxies. Returns "!<message>" for a bad value.
 */
export type TrustProxy = false | number | string[];
export function parseTrustProxy(raw: string | undefined): TrustProxy | `!${string}` {
  const v = (raw ?? '').trim();
  if (v === '' || /^(false|none|0)$/i.test(v)) return false;
  if (/^true$/i.test(v)) return '!"true" would trust every client to name its own address: list the proxies (addresses, CIDR ranges, loopback) or give their number of hops';
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    return n >= 1 && n <= 10 ? n : '!a hop count must be 1 to 10';
  }
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of list) {
    if (!isTrustEntry(entry)) return `!"${entry}" is not an address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`;
  }
  return [...new Set(list.map((e) => e.toLowerCase()))];
}

function isTrustEntry(entry: string): boolean {
  if (/^(loopback|linklocal|uniquelocal)$/i.test(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** https://…, or http:// on this machine only (a provider run beside the server in development and tests). */
function isIssuerUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

/** scheme://host[:port] exactly as a browser sends it in the Origin header: no path, query, credentials or "*". */
function isOrigin(value: string): boolean {
  if (!/^https?:\/\/[^/?#*@\s]+$/i.test(value)) return false;
  try {
    return new URL(value).origin === value.toLowerCase();
  } catch {
    return false;
  }
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  universityDomain: string;
  smtpUrl?: string;
  mailFrom: string;
  seedDemo: boolean;
  /**
   * With seedDemo: also seed the staged observations (src/server/seed/demo-cycles.ts). Absent = off, so the
   * test harness keeps its minimal demo university (no observations) unless a test asks for them.
   */
  seedDemoObservations?: boolean;
  publicUrl: string;
  /** True when PUBLIC_URL was not set: calendar links use the request's address instead of `publicUrl`. */
  publicUrlAuto?: boolean;
  /** IANA zone of the campus clock (slot times are campus-local); absent = UTC. */
  campusTimeZone?: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  clientDir: string;
  /** Login attempts per address per minute; default DEFAULT_LOGIN_LIMITS.perIpPerMinute. */
  loginLimitPerMinute?: number;
  /** Origins allowed cross-origin calls (CORS, preflight included); empty or absent = same origin only. */
  corsOrigins?: string[];
  /** Open live-update streams per user and per instance (sync/feed-bus.ts); absent = DEFAULT_STREAM_LIMITS. */
  streamLimits?: { perUser: number; total: number };
  /** Session idle limit and absolute lifetime in ms; absent = the defaults above. */
  session?: SessionLifetime;
  /** Peers whose X-Forwarded-For is believed (parseTrustProxy); absent or false = none. */
  trustProxy?: TrustProxy;
  /** Per-user upload quota in bytes; default DEFAULT_UPLOAD_QUOTA_BYTES (1 GiB). */
  uploadQuotaBytes?: number;
  /** The response window and its reminder, in days; absent = the defaults of src/shared/closing.ts. */
  responseWindow?: { days: number; reminderDays: number };
  /** Observer calibration (docs/adr/2026-11-28-calibration.md); unset: valid 365 days, not required. */
  calibration?: { validDays: number; required: boolean };
  /** Uploads and artifacts in an S3-compatible store instead of DATA_DIR (storage/s3-storage.ts). */
  s3?: S3Config;
  /** Bearer token of GET /metrics; absent = metrics off. */
  metricsToken?: string;
  /** Milliseconds a graceful shutdown waits for requests in flight; absent = DEFAULT_SHUTDOWN_GRACE_SECONDS. */
  shutdownGraceMs?: number;
  /** Tests: keep PGlite in memory instead of DATA_DIR. */
  inMemoryDb?: boolean;
  /** Single sign-on through OpenID Connect; absent = password sign-in only. */
  oidc?: OidcConfig;
  /** false: password sign-in is off except for `breakGlassAdminEmail`; absent = on. */
  passwordSignIn?: boolean;
  /** Lower-cased; may sign in with a password even when passwordSignIn is false. */
  breakGlassAdminEmail?: string;
};

export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** Absent: a public client (PKCE alone). */
  clientSecret?: string;
  /** Absent: publicUrl + /api/auth/oidc/callback. */
  redirectUrl?: string;
  scopes: string;
  label: string;
  /** The claim that must be true for the email address to be believed (default email_verified). */
  emailVerifiedClaim: string;
  /** For people the provider vouches for whom Observa does not know: the first rule that matches places them. */
  rules: OidcRule[];
}

export interface SessionLifetime {
  /** Unused this long, a session ends. */
  idleMs: number;
  /** This long after sign-in, a session ends. */
  maxMs: number;
}

export const DEFAULT_SESSION_LIFETIME: SessionLifetime = { idleMs: DEFAULT_SESSION_IDLE_DAYS * DAY_MS, maxMs: DEFAULT_SESSION_MAX_DAYS * DAY_MS };

export interface S3Config {
  /** Any S3-compatible server; given → path-style addressing (bucket in the path, not the host name). */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    universityDomain: e.UNIVERSITY_DOMAIN.toLowerCase(),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
    seedDemoObservations: e.SEED_DEMO_OBSERVATIONS,
    publicUrl: e.PUBLIC_URL || 'http://localhost:3000',
    publicUrlAuto: !e.PUBLIC_URL,
    campusTimeZone: e.CAMPUS_TIME_ZONE,
    logLevel: e.LOG_LEVEL,
    clientDir: path.resolve(e.CLIENT_DIR),
    loginLimitPerMinute: e.LOGIN_LIMIT_PER_MINUTE,
    corsOrigins: e.CORS_ORIGINS,
    uploadQuotaBytes: e.UPLOAD_QUOTA_BYTES,
    trustProxy: e.TRUST_PROXY,
    streamLimits: { perUser: e.SYNC_STREAMS_PER_USER, total: e.SYNC_STREAMS_MAX },
    metricsToken: e.METRICS_TOKEN || undefined,
    shutdownGraceMs: Math.round(e.SHUTDOWN_GRACE_SECONDS * 1000),
    session: { idleMs: Math.round(e.SESSION_IDLE_DAYS * DAY_MS), maxMs: Math.round(e.SESSION_MAX_DAYS * DAY_MS) },
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET || undefined,
          redirectUrl: e.OIDC_REDIRECT_URL || undefined,
          scopes: e.OIDC_SCOPES.split(/\s+/).filter(Boolean).join(' '),
          label: e.OIDC_LABEL,
          emailVerifiedClaim: e.OIDC_EMAIL_VERIFIED_CLAIM,
          rules: e.OIDC_RULES,
        }
      : undefined,
    passwordSignIn: e.PASSWORD_SIGN_IN,
    breakGlassAdminEmail: e.BREAK_GLASS_ADMIN_EMAIL?.trim().toLowerCase() || undefined,
    responseWindow: { days: e.RESPONSE_WINDOW_DAYS, reminderDays: e.RESPONSE_REMINDER_DAYS },
    calibration: { validDays: e.CALIBRATION_VALID_DAYS, required: e.CALIBRATION_REQUIRED },
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT || undefined,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION!,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
        }
      : undefined,
  };
}
