/**
 * Statements prepared once per "shape" (DESIGN: prepared statements where the driver allows). A hot read such as
 * GET /course/{id} differs between callers only in values (the id, the viewer's id or department) and in the
 * shape of its visibility condition (one per role family). Building the Drizzle query on every request cost more
 * of the server's time than PostgreSQL answering it, so such a statement is built once per database and shape
 * with placeholders, and executed with the values.
 *
 * A scope rule is written once as a function of `bind`, and rendered either with the values inline (`inline`,
 * for the lists and the sync feed that embed it) or as named placeholders (`runPerShape`, for a prepared
 * statement), so the two renderings cannot disagree.
 */
import { sql, type SQL } from 'drizzle-orm';

export type Bind = (name: string, value: string | number) => unknown;

/** The values themselves (each becomes a bound parameter of the statement being built). */
export const inline: Bind = (_, value) => value;

/** Placeholders named as bound, and the values they were bound with (for `execute`). */
function placeholders(): { bind: Bind; values: Record<string, string | number> } {
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

type Rule = (bind: Bind) => { shape: string; condition: SQL | undefined };
interface Preparable<R> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<R> };
}

/**
 * Runs `build(condition)` for the shape `rule` takes, prepared once per `db` and shape as `<name>_<shape>` (kept as
 * long as `db` lives), with the rule's values and `values` (the statement's own placeholders) bound.
 */
export function runPerShape<R>(db: object, name: string, rule: Rule, build: (condition: SQL | undefined) => Preparable<R>, values: Record<string, unknown>): Promise<R> {
  const { bind, values: ruleValues } = placeholders();
  const { shape, condition } = rule(bind);
  const key = `${name}_${shape}`;
  let byKey = prepared.get(db);
  if (!byKey) prepared.set(db, (byKey = new Map()));
  let query = byKey.get(key) as ReturnType<Preparable<R>['prepare']> | undefined;
  if (!query) byKey.set(key, (query = build(condition).prepare(key)));
  return query.execute({ ...ruleValues, ...values });
}
