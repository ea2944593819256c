/**
 * The pipelined attempt of a batched push (src/server/sync/row-pipeline.ts), on the real database (PGlite, or
 * PostgreSQL with OBSERVA_TEST_DB=postgres): a row starts while the one before waits for its statement, the
 * statements run in row order, a statement sent out of that order is refused before it runs, and the attempt ends
 * only once every row has settled.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle, Tx } from '../../../src/server/db/client.js';
import { rawRows } from '../../../src/server/db/raw.js';
import { rowsOf } from '../../../src/server/db/results.js';
import { PipelineBroken, runPipelined, SentOutOfOrder } from '../../../src/server/sync/row-pipeline.js';
import { openTestDb } from '../support/helpers.js';

let handle: DbHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ handle, drop } = await openTestDb());
  await handle.db.execute(sql`create table pipe_log (id serial primary key, row_no int not null, step int not null)`);
});
beforeEach(async () => {
  await handle.db.execute(sql`truncate pipe_log`);
});
afterAll(async () => {
  await handle?.close();
  await drop?.();
});

const INSERT = 'insert into pipe_log (row_no, step) values ($1, $2) returning id';
const logOf = async (tx: Tx) => rowsOf<{ row_no: number; step: number }>(await tx.execute(sql`select row_no, step from pipe_log order by id`));
const clientOf = (tx: Tx) => (tx as unknown as { session: { client: { pipeline?: boolean } } }).session.client;

/** Runs `fn` in a transaction that is rolled back afterwards (what it saw is returned). */
async function inRolledBack<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  let seen: T;
  await handle.db
    .transaction(async (tx) => {
      seen = await fn(tx);
      throw new Error('roll back');
    })
    .catch((err: Error) => {
      if (err.message !== 'roll back') throw err;
    });
  return seen!;
}

describe('a pipelined attempt', () => {
  it('starts a row while the row before waits for its statement, and runs the statements in row order', async () => {
    const events: string[] = [];
    const { results, log } = await inRolledBack(async (tx) => {
      const results = await runPipelined(
        tx,
        8,
        async (i, view) => {
          events.push(`start ${i}`);
          await rawRows(view, INSERT, [i, 1]);
          events.push(`end ${i}`);
          return i * 10;
        },
        () => false,
      );
      return { results, log: await logOf(tx) };
    });
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60, 70]);
    expect(log).toEqual(Array.from({ length: 8 }, (_, i) => ({ row_no: i, step: 1 })));
    // Row 0 runs alone (it takes the locks its followers reuse); from row 1 on, a row starts before the one
    // before it has its answer.
    expect(events.indexOf('start 1')).toBeGreaterThan(events.indexOf('end 0'));
    for (let i = 2; i < 8; i++) expect(events.indexOf(`start ${i}`), `row ${i}`).toBeLessThan(events.indexOf(`end ${i - 1}`));
  });

  it('refuses a statement sent after a later row has sent one, before it runs, and ends once every row has settled', async () => {
    let settled = 0;
    const { error, log } = await inRolledBack(async (tx) => {
      const error = await runPipelined(
        tx,
        4,
        async (i, view) => {
          try {
            // Two statements a row: row 2 starts at row 1's first, so row 1's second comes after row 2's first.
            await rawRows(view, INSERT, [i, 1]);
            await rawRows(view, INSERT, [i, 2]);
            return i;
          } finally {
            settled++;
          }
        },
        () => false,
      ).catch((err: unknown) => err);
      return { error, log: await logOf(tx) };
    });
    expect(error).toBeInstanceOf(SentOutOfOrder);
    // Every row had settled when the attempt ended.
    expect(settled).toBe(4);
    // Rows 1–3 sent their first statements one after the other, before row 1's answer came; row 1's second
    // statement never reached the database, and nothing was sent after the refusal.
    expect(log).toEqual([
      { row_no: 0, step: 1 },
      { row_no: 0, step: 2 },
      { row_no: 1, step: 1 },
      { row_no: 2, step: 1 },
      { row_no: 3, step: 1 },
    ]);
  });

  it('is broken by a row that fails or stops the batch, not as out of order', async () => {
    const failed = await inRolledBack((tx) =>
      runPipelined(
        tx,
        5,
        async (i, view) => {
          await rawRows(view, INSERT, [i, 1]);
          if (i === 2) throw new Error('refused');
          return i;
        },
        () => false,
      ).catch((err: unknown) => err),
    );
    expect(failed).toBeInstanceOf(PipelineBroken);
    expect(failed).not.toBeInstanceOf(SentOutOfOrder);
    expect((failed as Error).cause).toMatchObject({ message: 'refused' });

    const stopped = await inRolledBack((tx) => runPipelined(tx, 3, async (i) => i, (i) => i === 1).catch((err: unknown) => err));
    expect(stopped).toBeInstanceOf(PipelineBroken);
    expect(stopped).not.toBeInstanceOf(SentOutOfOrder);
  });

  it("refuses Drizzle's relational queries on a row's view (they would bypass it)", async () => {
    const error = await inRolledBack((tx) =>
      runPipelined(tx, 1, async (_, view) => (view as unknown as { query: unknown }).query, () => false).catch((err: unknown) => err),
    );
    expect(error).toBeInstanceOf(PipelineBroken);
  });

  it("puts node-postgres's pipeline mode back as it found it", async () => {
    const modes = await inRolledBack(async (tx) => {
      // A transaction is framed in pipeline mode (db/pg-prepared.ts); with nothing in flight the mode may be
      // switched, so both starting modes are tried.
      const framed = clientOf(tx).pipeline;
      const runIn = async (mode: boolean | undefined) => {
        if (mode !== undefined) clientOf(tx).pipeline = mode;
        const during: unknown[] = [];
        await runPipelined(tx, 2, async (_, view) => during.push(clientOf(view).pipeline), () => false);
        return { during, after: clientOf(tx).pipeline };
      };
      const fromNormal = await runIn(framed === undefined ? undefined : false);
      const fromPipelined = await runIn(framed === undefined ? undefined : true);
      return { framed, fromNormal, fromPipelined };
    });
    if (handle.kind === 'postgres') {
      expect(modes).toEqual({ framed: true, fromNormal: { during: [true, true], after: false }, fromPipelined: { during: [true, true], after: true } });
    } else {
      const untouched = { during: [undefined, undefined], after: undefined };
      expect(modes, 'PGlite has no pipeline mode: untouched').toEqual({ framed: undefined, fromNormal: untouched, fromPipelined: untouched });
    }
  });
});
