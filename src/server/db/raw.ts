/**
 * A statement written as text with numbered parameters ($1, $2 …), run through Drizzle's public `execute` in the
 * caller's connection or transaction: for statements Drizzle's builder cannot express as one statement (several
 * tables' rows as JSON in one round trip, an UPDATE whose column list is chosen at run time). Each `$n` becomes
 * a bound parameter, so values never enter the text. Rows come back as the driver parses them (use results.ts
 * `parseJson` on json columns all the same).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.js';
import { rowsOf } from './results.js';

/** `text` with each `$n` replaced by the bound value `params[n - 1]`. */
export function withParams(text: string, params: readonly unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  pieces.forEach((piece, i) => {
    if (i % 2 === 0) {
      if (piece) chunks.push(sql.raw(piece));
      return;
    }
    const n = Number(piece);
    if (!(n >= 1 && n <= params.length)) throw new Error(`raw statement: no value for $${piece}`);
    chunks.push(sql`${params[n - 1]}`);
  });
  return sql.join(chunks);
}

export async function rawRows<T>(conn: Db | Tx, text: string, params: readonly unknown[]): Promise<T[]> {
  return rowsOf<T>(await conn.execute(withParams(text, params)));
}
