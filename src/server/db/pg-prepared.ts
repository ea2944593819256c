/**
 * Prepared statements on PostgreSQL (issue 13.4: "prepared statements where the driver allows").
 *
 * node-postgres prepares a statement when a query carries a `name`, once per connection, and from then on sends
 * only Bind/Execute: the server keeps the parse and, after a few runs, a generic plan. Drizzle names nothing
 * unless asked query by query, so this Client names every plannable statement text the process has seen twice.
 *
 * Invariants: a name is a digest of the text, so one name never means two texts (node-postgres refuses that).
 * At most MAX_NAMED texts are ever named, which bounds the statements each pooled connection holds; texts past
 * the cap (and texts seen once, such as IN lists of a new length) run unnamed, exactly as before.
 *
 * The same Client also sends a transaction's BEGIN and COMMIT without a round trip of their own (framing below).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { Sightings } from './statement-sightings.js';

const MAX_NAMED = 500;

/** Which statement texts run under a name. One per process, shared by the pool's connections. */
export class StatementNames {
  private readonly named = new Map<string, string>();
  private readonly sightings: Sightings;

  constructor(private readonly max = MAX_NAMED) {
    this.sightings = new Sightings(max);
  }

  /** The name `text` runs under, or undefined to run it unnamed; counts the sighting. */
  nameOf(text: string): string | undefined {
    const name = this.named.get(text);
    if (name || this.named.size >= this.max || !this.sightings.secondSighting(text)) return name;
    const digest = `observa_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.named.set(text, digest);
    return digest;
  }
}

/**
 * A pg.Client class that names statements through `names` (pass it as the Pool's `Client`), and runs `setup` (a
 * statement such as a SET) once connected, before the pool hands the connection to anyone: as part of connect(),
 * so no query is ever queued behind it on the client.
 */
export function preparingClient(names = new StatementNames(), setup?: string): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error | null, client?: pg.Client) => void): void;
    override connect(callback?: (err: Error | null, client?: pg.Client) => void): Promise<pg.Client> | void {
      const connected = (async () => {
        await (super.connect as () => Promise<unknown>)();
        if (setup) await (super.query as (text: string) => Promise<unknown>)(setup);
        return this as pg.Client;
      })();
      if (!callback) return connected;
      connected.then((client) => callback(null, client), (err: Error) => callback(err));
    }

    /** BEGIN as sent, while its transaction is framed (see `frame`). */
    private framedBegin: Promise<unknown> | null = null;

    override query(config: unknown, values?: unknown, callback?: unknown): never {
      // Promise-style calls only (Drizzle's): a callback, as the last argument, is node-postgres's own affair.
      const framed = callback === undefined && typeof values !== 'function' ? this.frame(config, values) : undefined;
      if (framed) return framed as never;
      return this.named(config, values, callback) as never;
    }

    /**
     * A transaction's BEGIN and its end, each written without waiting for an answer first: a single write was four
     * round trips (BEGIN, its statement, the key-and-audit INSERT, COMMIT; the connection idle during each), now
     * two — BEGIN goes out with the first statement, COMMIT right behind the INSERT when the caller does not wait
     * for it (http/idempotency.ts). The connection is in node-postgres's pipeline mode from BEGIN until the
     * COMMIT or ROLLBACK is answered (each statement still has its own Sync, so one failing does not skip the
     * next), and back in normal mode before the pool can hand it to anyone else.
     *
     *   begin ──► pipeline on, BEGIN written, answered "done" at once (its real answer kept)
     *   …statements (written at once; the caller awaits each as before)…
     *   commit / rollback ──► written ──► its answer ──► pipeline off ──► BEGIN's answer awaited ──► resolved
     *
     * A failed BEGIN (only a broken connection fails it; the statements after it then fail too) rejects the
     * COMMIT, so the caller never reports such a transaction as committed. A COMMIT of a transaction a statement
     * failed in answers ROLLBACK without an error, as before: callers that do not wait for their last statement
     * await it after the commit (http/idempotency.ts).
     */
    private frame(config: unknown, values: unknown): Promise<unknown> | undefined {
      const text = typeof config === 'string' ? config : config && typeof config === 'object' ? (config as { text?: unknown }).text : undefined;
      if (typeof text !== 'string' || text.length > 8) return undefined;
      const command = text.toLowerCase();
      const self = this as unknown as { pipeline?: boolean; _activeQuery?: unknown; _queryQueue?: unknown[] };
      if (command === 'begin') {
        // Only on an idle connection in normal mode (a pipelined batch already manages the mode itself).
        if (this.framedBegin || self.pipeline !== false || self._activeQuery || self._queryQueue?.length) return undefined;
        self.pipeline = true;
        const begin = this.named(config, values, undefined) as Promise<unknown>;
        begin.catch(() => undefined);
        this.framedBegin = begin;
        return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
      }
      if ((command === 'commit' || command === 'rollback') && this.framedBegin) {
        const begin = this.framedBegin;
        this.framedBegin = null;
        const normal = () => {
          self.pipeline = false;
        };
        const end = (this.named(config, values, undefined) as Promise<unknown>).then(
          (r) => (normal(), r),
          (err: unknown) => {
            normal();
            throw err;
          },
        );
        if (command === 'rollback') return end; // the caller is already failing: keep its error
        return end.then(async (r) => {
          await begin;
          return r;
        });
      }
      return undefined;
    }

    private named(config: unknown, values?: unknown, callback?: unknown): unknown {
      if (config && typeof config === 'object' && !('submit' in config)) {
        const c = config as { text?: unknown; name?: unknown };
        if (typeof c.text === 'string' && !c.name) {
          const name = names.nameOf(c.text);
          if (name) config = { ...c, name };
        }
      } else if (typeof config === 'string' && (Array.isArray(values) || values === undefined)) {
        const name = names.nameOf(config);
        if (name) config = { text: config, name };
      }
      return (super.query as (...a: unknown[]) => never)(config, values, callback);
    }
  };
}
