/**
 * The Bind + Execute + Sync message of src/server/db/pglite-bind.ts is, byte for byte, what PGlite's own
 * serializer writes for the same statement and values (text of any Unicode, empty text, nulls, bytes), and PGlite
 * runs it.
 */
import fc from 'fast-check';
import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindExecuteSync, type BindValue } from '../../../src/server/db/pglite-bind.js';

const { serialize } = protocol;

function pgliteBytes(statement: string, values: BindValue[]): Buffer {
  return Buffer.concat([serialize.bind({ statement, values: values as never }), serialize.execute({}), serialize.sync()]);
}

const value: fc.Arbitrary<BindValue> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constant(''),
  fc.constant(null),
  fc.uint8Array({ maxLength: 40 }),
);

describe('bindExecuteSync', () => {
  it("writes the bytes PGlite's serializer writes", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 }), fc.array(value, { maxLength: 30 }), (statement, values) => {
        expect(Buffer.from(bindExecuteSync(statement, values))).toEqual(pgliteBytes(statement, values));
      }),
      { numRuns: 500 },
    );
  });

  describe('on PGlite', () => {
    let pg: PGlite;
    beforeAll(async () => {
      pg = new PGlite();
      await pg.waitReady;
      await pg.execProtocol(new Uint8Array([...serialize.parse({ name: 'echo', text: 'select $1::text as a, $2::text as b, $3::bytea as c' }), ...serialize.sync()]));
    });
    afterAll(() => pg?.close());

    it('runs a statement bound with it', async () => {
      const { messages } = await pg.execProtocol(bindExecuteSync('echo', ['naïve ✓ 𝄞', null, new Uint8Array([1, 2, 255])]));
      const row = messages.find((m) => m.name === 'dataRow') as unknown as { fields: (string | null)[] };
      expect(row.fields).toEqual(['naïve ✓ 𝄞', null, '\\x0102ff']);
      expect(messages.at(-1)?.name).toBe('readyForQuery');
    });
  });
});
