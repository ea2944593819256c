/** Probe answers for operators (GET /healthz, GET /readyz; docs/operations/health.md). */
import { z } from 'zod';

export const HealthAnswer = z.object({ status: z.literal('ok') });

const Check = z.object({ ok: z.boolean(), error: z.string().optional() });
const Checks = z.object({ database: Check, migrations: Check, storage: Check }).partial();

export const ReadyAnswer = z.object({ status: z.literal('ready'), checks: Checks });

/** 503: what is not ready, named (`failing`: database, migrations, storage or shutdown) and said (`error`). */
export const NotReadyAnswer = z.object({
  status: z.literal('not ready'),
  error: z.string(),
  failing: z.array(z.enum(['database', 'migrations', 'storage', 'shutdown'])),
  checks: Checks,
});
