/** Typed errors the UI can show as they are (every message is meant for a person). */

/** The device refused to store more data: nothing of the change was written. */
export class StorageFullError extends Error {
  override name = 'StorageFullError';
  constructor(cause?: unknown) {
    super(
      'This device is out of storage space for Observa, so the change was not saved. ' +
        'Free some space (or sync pending uploads), then try again.',
      { cause },
    );
  }
}

/** mutate() was called with arguments its schema rejects (a programming or form error). */
export class MutationArgsError extends Error {
  override name = 'MutationArgsError';
  constructor(
    readonly mutation: string,
    readonly issues: string,
  ) {
    super(`Invalid change "${mutation}": ${issues}`);
  }
}

export function isQuotaError(err: unknown): boolean {
  for (let e = err as { name?: string; inner?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.name === 'QuotaExceededError' || e.name === 'StorageFullError') return true;
    e = (e.inner ?? e.cause) as typeof e;
  }
  return false;
}
