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

    override query(config: unknown, values?: unknown, callback?: unknown): never {
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
