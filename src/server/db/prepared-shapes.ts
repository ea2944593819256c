/**
 * Statements prepared once per "shape" (DESIGN: prepared statements where the driver allows). A hot read such as
 * GET /course/{id} differs between callers only in values (the id, the viewer's id or department) and in the
 * shape of its visibility condition (one per role family). Building the Drizzle query on every request cost more
 * of the server's time than PostgreSQL answering it, so such a statement is built once per database and shape
 * with placeholders, and executed with the values.
 *
 * A scope rule is written once as a function of `bind`, and rendered either with the values inline (`inline`,
 * for the lists and the sync feed that embed it) or as named placeholders (`placeholders()`, for a prepared
 * statement), so the two renderings cannot disagree.
 */
import { sql } from 'drizzle-orm';

export type Bind = (name: string, value: string | number) => unknown;

/** The values themselves (each becomes a bound parameter of the statement being built). */
export const inline: Bind = (_, value) => value;

/** Placeholders named as bound, and the values they were bound with (for `execute`). */
export function placeholders(): { bind: Bind; values: Record<string, string | number> } {
  const values: Record<string, string | number> = {};
  return {
    values,
    bind: (name, value) => {
      values[name] = value;
      return sql.placeholder(name);
    },
  };
}

const prepared = new WeakMap<object, Map<string, unknown>>();

/** The statement `build` prepares for `db` and `key`, built on first use (kept as long as `db` lives). */
export function preparedOnce<Q>(db: object, key: string, build: () => Q): Q {
  let byKey = prepared.get(db);
  if (!byKey) prepared.set(db, (byKey = new Map()));
  let q = byKey.get(key) as Q | undefined;
  if (q === undefined) byKey.set(key, (q = build()));
  return q;
}
