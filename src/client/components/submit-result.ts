/**
 * The one place where a write's outcome becomes what the user sees (SPEC §8):
 * a progress toast while waiting for the server, then
 * - applied → the success message,
 * - queued (offline, slow, no engine) → "Saved on this device — will sync",
 * - refused → the server's message as an error toast; the caller keeps the form filled (false is returned).
 */
import { MSG } from '../../shared/messages.js';
import { awaitMutation, submit, type MutationArgs, type MutationName, type SubmitOutcome } from '../sync/index.js';
import { toast } from './toast.js';

export interface ShowOptions {
  /** Text of the progress toast while waiting (SPEC §8 names one per screen); none when omitted. */
  progress?: string;
  /** Shown when the server applied the change. */
  success: string;
  waitMs?: number;
  /** The outbox row's id (= the Idempotency-Key sent), when the caller already used it for a direct call. */
  mutationId?: string;
}

/** Turn an outcome into a toast (replacing the progress toast `loadingId` when given). True unless refused. */
export function showOutcome(outcome: SubmitOutcome, success: string, loadingId?: string): boolean {
  const say = (kind: 'success' | 'error' | 'info', message: string) => {
    if (loadingId) {
      if (kind === 'error') toast.fail(loadingId, message);
      else toast.done(loadingId, message);
    } else toast[kind](message);
  };
  if (outcome.kind === 'applied') say('success', success);
  else if (outcome.kind === 'queued') say('info', MSG.savedOnDevice);
  else say('error', outcome.message || MSG.somethingWrong);
  return outcome.kind !== 'refused';
}

/** Queue the change, wait briefly for the server, show the outcome. Resolves true unless the server refused. */
export async function submitWithToast<N extends MutationName>(name: N, args: MutationArgs<N>, opts: ShowOptions): Promise<boolean> {
  const loadingId = opts.progress ? toast.loading(opts.progress) : undefined;
  try {
    const outcome = await submit(name, args, { waitMs: opts.waitMs, mutationId: opts.mutationId });
    return showOutcome(outcome, opts.success, loadingId);
  } catch (err) {
    if (loadingId) toast.hide(loadingId);
    throw err;
  }
}

/** Same for a change already queued by id (uploads, several mutations in a row: wait on the last). */
export async function awaitWithToast(mutationId: string, opts: ShowOptions): Promise<boolean> {
  const loadingId = opts.progress ? toast.loading(opts.progress) : undefined;
  const outcome = await awaitMutation(mutationId, { waitMs: opts.waitMs });
  return showOutcome(outcome, opts.success, loadingId);
}
