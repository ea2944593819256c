/**
 * Prepared statements for PGlite (issue 13.4: "prepared statements where the driver allows").
 *
 * PGlite's `query()` sends every statement unnamed: Parse, Describe, Bind, Describe, Execute and Sync, five
 * calls into the WebAssembly backend, and PostgreSQL plans the statement afresh each time (the course document:
 * 0.92 ms planned, 0.27 ms prepared). Drizzle writes the same text for the same query, so a text seen twice is
 * worth a name:
 *
 *   query(text, params)
 *     │ not worth it (statement-sightings.ts: DDL, a first sighting) or blob options
 *     ├──────────────────────────────────────────────▶ PGlite's own query() (unnamed, as before)
 *     │ second sighting
 *     ├─▶ Parse(name) + Describe(statement) + Sync ──▶ parameter types and RowDescription kept with the name
 *     ▼
 *   Bind(name) + Execute + Sync, one call ──▶ the kept RowDescription + the answer ──▶ parseResults (PGlite's own)
 *
 * Invariants: the statement cache holds at most MAX_STATEMENTS names; the least recently used is closed on the
 * backend when a new one needs room. A name is prepared and used only while holding PGlite's query lock, so no
 * other protocol exchange interleaves. Outside a transaction the call also holds the transaction lock and syncs
 * the file system afterwards, as `query()` does. Errors are PGlite's DatabaseError with the query attached, as
 * `query()` throws them, so Drizzle and db-errors.ts see no difference.
 */
import { bindExecuteSync } from './pglite-bind.js';
import { Sightings } from './statement-sightings.js';
import { parse, PGlite, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

const MAX_STATEMENTS = 500;
/**
 * The savepoint statements of a batched push (http/idempotency.ts), two per row: prepared at once, since PGlite's
 * own query() would make six calls into the backend for each. PostgreSQL runs them through the extended protocol
 * like any statement, ROLLBACK TO SAVEPOINT included in a failed transaction (it ends the failed part).
 */
const SAVEPOINT = /^(savepoint|release savepoint|rollback to savepoint) [a-z_][a-z_0-9]*$/i;
const { serialize } = protocol;

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription from its Describe at Parse time (none when it returns no rows). */
  rowDescription: unknown;
}

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

class StatementCache {
  private readonly prepared = new Map<string, Prepared>(); // insertion order = recency (LRU)
  private readonly sightings: Sightings;
  private readonly merged = new Map<string, PGlite['parsers']>();
  private next = 0;

  constructor(
    private readonly pg: PGlite,
    private readonly max = MAX_STATEMENTS,
  ) {
    this.sightings = new Sightings(max);
  }

  /** Runs `text` on `pg` while the caller holds the query lock. */
  async run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let stmt = this.prepared.get(text);
    if (stmt) {
      this.prepared.delete(text);
      this.prepared.set(text, stmt);
    } else {
      stmt = await this.prepare(text, options);
    }
    const values = params.map((v, i) => {
      if (v == null) return null;
      const type = stmt.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? this.pg.serializers[type];
      return serializer ? serializer(v) : String(v);
    });
    // No Describe of the portal: the statement's columns were described once at Parse, and the backend sends the
    // same RowDescription for every execution (results in text format), so the kept one is put in front of the
    // rows instead of the backend building, and PGlite parsing, its field names on every execution.
    const message = bindExecuteSync(stmt.name, values);
    const { messages } = await this.call(message, text, params, options);
    if (stmt.rowDescription) messages.unshift(stmt.rowDescription as (typeof messages)[number]);
    // parseResults merges `options.parsers` into the defaults on every call (a copy of ~300 parsers, ~0.2 ms);
    // the merged map is built once per set of overrides instead.
    const parsers = options?.parsers ? this.mergedParsers(options.parsers) : this.pg.parsers;
    return parse.parseResults(messages, parsers, { ...options, parsers: undefined })[0] as Results<T>;
  }

  /**
   * The defaults with `overrides` on top, memoised by the overrides' content: Drizzle passes a fresh object of
   * identical closures with every query. PGlite fills its defaults (array types included) before the first
   * query and changes them only in refreshArrayTypes(), which Observa never calls.
   */
  private mergedParsers(overrides: NonNullable<QueryOptions["parsers"]>): PGlite['parsers'] {
    const key = Object.entries(overrides)
      .map(([type, fn]) => `${type}=${fn.toString()}`)
      .join(';');
    let merged = this.merged.get(key);
    if (!merged) {
      merged = { ...this.pg.parsers, ...overrides };
      if (this.merged.size < 16) this.merged.set(key, merged);
    }
    return merged;
  }

  /** Whether `text` goes the prepared way; counts the sighting. */
  wants(text: string, options: QueryOptions | undefined): boolean {
    if (options?.blob) return false;
    return this.prepared.has(text) || SAVEPOINT.test(text) || this.sightings.secondSighting(text);
  }

  private async prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    if (this.prepared.size >= this.max) {
      const [oldest, old] = this.prepared.entries().next().value as [string, Prepared];
      this.prepared.delete(oldest);
      await this.call(concat([serialize.close({ type: 'S', name: old.name }), serialize.sync()]), text, [], options);
    }
    const name = `observa_${(this.next++).toString(36)}`;
    const { messages } = await this.call(
      concat([serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      text,
      [],
      options,
    );
    const stmt = { name, paramTypes: parse.parseDescribeStatementResults(messages), rowDescription: messages.find((m) => m.name === 'rowDescription') };
    this.prepared.set(text, stmt);
    return stmt;
  }

  /** One exchange; Sync is in the same message, so after an error the backend is ready for the next. */
  private async call(message: Uint8Array, text: string, params: unknown[], options: QueryOptions | undefined) {
    try {
      return await this.pg.execProtocol(message, { syncToFs: false, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) });
    } catch (err) {
      if (err && typeof err === 'object' && 'severity' in err) Object.assign(err, { query: text, params, queryOptions: options });
      throw err;
    }
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The PGlite handed to Drizzle: `query` (top level and inside `transaction`) goes through the statement cache;
 * every other member is PGlite's own.
 */
export function withPreparedStatements(pg: PGlite, maxStatements = MAX_STATEMENTS): PGlite {
  const cache = new StatementCache(pg, maxStatements);
  const inTx = (tx: Transaction): Query => (text, params = [], options) => {
    if (tx.closed) throw new Error('Transaction is closed');
    if (!cache.wants(text, options)) return tx.query(text, params, options);
    return pg._runExclusiveQuery(() => cache.run(text, params, options));
  };
  const query: Query = (text, params = [], options) => {
    if (!cache.wants(text, options)) return pg.query(text, params, options);
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const result = await cache.run(text, params, options);
        await pg.syncToFs();
        return result;
      }),
    ) as never;
  };
  const transaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
    pg.transaction((tx) => {
      const q = inTx(tx);
      return fn(new Proxy(tx, { get: (t, k) => (k === 'query' ? q : Reflect.get(t, k)) }));
    });
  return new Proxy(pg, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
