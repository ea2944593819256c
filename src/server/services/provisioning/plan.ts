/** What reading a file against the database gives: a result per row, every error, and the work that applies it. */
import type { ImportError, ImportRowResult } from '../../../shared/contract/provisioning.js';
import type { WriteContext } from '../write-context.js';

export interface ImportPlan {
  results: ImportRowResult[];
  errors: ImportError[];
  /** Writes the creates and updates, in the caller's transaction (only called for a plan without errors). */
  apply(ctx: WriteContext): Promise<void>;
}

/** Collects a row's errors and results as a plan is made. */
export class PlanBuilder {
  readonly results: ImportRowResult[] = [];
  readonly errors: ImportError[] = [];
  private readonly failedRows = new Set<number>();

  error(row: number, column: string, message: string): void {
    this.errors.push({ row, column, message });
    this.failedRows.add(row);
  }

  /** The row's result: `error` when any error names it. */
  result(row: number, key: string, action: Exclude<ImportRowResult['action'], 'error'>, changes?: string[]): void {
    const failed = this.failedRows.has(row);
    this.results.push({ row, key, action: failed ? 'error' : action, ...(changes?.length && !failed ? { changes } : {}) });
  }
}

/** `values` in slices of `size` (bound parameters per statement stay far under PostgreSQL's 65 535). */
export function* chunks<T>(values: readonly T[], size = 1000): Generator<T[]> {
  for (let i = 0; i < values.length; i += size) yield values.slice(i, i + size);
}
