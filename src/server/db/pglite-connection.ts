/**
 * node-postgres's connection to a PGlite instance, in process: what a socket to a PostgreSQL server is for
 * `pg.Client`, so that node-postgres (and Drizzle's node-postgres driver) can keep prepared statements on PGlite
 * (prepared-statements.ts). It does what PGlite's own adapter (`@electric-sql/pglite/node-postgres`) does, with
 * two differences:
 *   - the frontend messages of a statement (Parse, Bind, Describe, Execute) are kept until its Sync or Flush and
 *     handed to PGlite together. PGlite's adapter hands each message over on its own, and after an error the
 *     Sync's ReadyForQuery never reaches node-postgres, which then drops the connection;
 *   - a named statement's columns are described once: node-postgres asks for them (Describe) on every execution,
 *     and from the second on this connection answers with the description PGlite gave the first time, in its
 *     place right after BindComplete, instead of passing the Describe on.
 *
 * Only public APIs: PGlite's `execProtocolStream` and `protocol.serialize`, and pg.Client's `connection` option,
 * the one PGlite's adapter is used through. PGlite runs one backend: the pool over it has one connection
 * (prepared-statements.ts), and a later pg.Client on this same object finds the statements the backend still has.
 */
import { EventEmitter } from 'node:events';
import { protocol, type PGlite } from '@electric-sql/pglite';

const { serialize } = protocol;
type Arg<K extends keyof typeof serialize> = Parameters<(typeof serialize)[K]>[0];
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

export class PgliteConnection extends EventEmitter {
  /** Read by pg.Client (connected or not). */
  _connecting = false;
  /** pg.Client destroys the stream on a connection error. */
  readonly stream = { destroy: () => this.end() };
  /** Statement names → texts the backend has parsed; kept by pg.Client, read by its queries. */
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  readonly #pglite: PGlite;
  /** Messages of the statement being written, sent at its Sync or Flush. */
  #pending: Uint8Array[] = [];
  /**
   * The columns a named statement's portal answers with (its RowDescription, or NoData), by statement name and
   * result format, from the first time it was described. A name stands for one text (prepared-statements.ts), and
   * the backend keeps the statement's result type for the life of the statement (PostgreSQL refuses to execute
   * it once that would change), so the description is the same on every execution; keeping it spares the engine
   * building, and PGlite parsing, every column name on every execution (docs/database-drivers.md).
   */
  readonly #described = new Map<string, BackendMessage>();
  /** The statement being written: its key in #described, and whether its portal's description is reused. */
  #bound: { key: string; reuse: BackendMessage | undefined } | null = null;
  /** Every exchange with PGlite runs after the previous one: one backend, one conversation. */
  #chain: Promise<unknown>;

  constructor(pglite: PGlite) {
    super();
    this.#pglite = pglite;
    this.#chain = pglite.waitReady;
  }

  connect(): void {
    this._connecting = true;
    // No start-up exchange: PGlite's session is ready once PGlite is.
    this.#chain = this.#chain.then(() => process.nextTick(() => this.emit('readyForQuery', { name: 'readyForQuery', status: 'I' })));
  }

  // Start-up and authentication do not happen in process.
  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  ref(): void {}
  unref(): void {}

  query(text: string): void {
    this.#send(serialize.query(text));
  }
  parse(q: Arg<'parse'>): void {
    // node-postgres passes its result type parsers as `types` (an object); Parse takes parameter type ids (an array).
    this.#pending.push(serialize.parse(Array.isArray(q.types) ? q : { ...q, types: undefined }));
  }
  bind(config: Arg<'bind'>): void {
    this.#pending.push(serialize.bind(config));
    this.#bound = config?.statement ? { key: `${config.statement}/${config.binary ? 'b' : 't'}`, reuse: undefined } : null;
  }
  describe(msg: Arg<'describe'>): void {
    const kept = msg.type === 'P' && this.#bound ? this.#described.get(this.#bound.key) : undefined;
    if (kept) this.#bound!.reuse = kept;
    else this.#pending.push(serialize.describe(msg));
  }
  execute(config: Arg<'execute'>): void {
    this.#pending.push(serialize.execute(config));
  }
  close(msg: Arg<'close'>): void {
    this.#pending.push(serialize.close(msg));
  }
  flush(): void {
    this.#send(serialize.flush());
  }
  sync(): void {
    this.#send(serialize.sync());
  }
  sendCopyFromChunk(chunk: Arg<'copyData'>): void {
    this.#send(serialize.copyData(chunk));
  }
  endCopyFrom(): void {
    this.#send(serialize.copyDone());
  }
  sendCopyFail(msg: Arg<'copyFail'>): void {
    this.#send(serialize.copyFail(msg));
  }

  /**
   * The pg.Client using this connection is done with it. Its listeners go now, so a later client on this object
   * hears only its own events; the 'end' it waits for (attached right after this call) comes after the exchanges
   * under way.
   */
  end(): void {
    this.#pending = [];
    this.#bound = null;
    this.removeAllListeners();
    this.#chain = this.#chain.then(() => this.emit('end'));
  }

  /** The pending messages and `last`, as one exchange; PGlite's answers become pg's events, in order. */
  #send(last: Uint8Array): void {
    const parts = [...this.#pending, last];
    this.#pending = [];
    const bound = this.#bound;
    this.#bound = null;
    const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      message.set(p, at);
      at += p.length;
    }
    this.#chain = this.#chain
      .then(() => this.#pglite.execProtocolStream(message, { throwOnError: false }))
      .then(
        (answers) => {
          let afterBind = false;
          for (const m of answers) {
            this.emit(m.name === 'error' ? 'errorMessage' : m.name, m);
            if (!bound) continue;
            if (m.name === 'bindComplete') {
              // The kept description stands where the backend would have sent it: right after BindComplete.
              if (bound.reuse) this.emit(bound.reuse.name, bound.reuse);
              else afterBind = true;
            } else if (afterBind) {
              if (m.name === 'rowDescription' || m.name === 'noData') this.#described.set(bound.key, m);
              afterBind = false;
            }
          }
        },
        (err: unknown) => this.emit('error', err),
      );
  }
}
