/**
 * The pull validates its answer with parseChangesResponse (no copy of the records); it must accept and refuse
 * exactly what the documented zod schema SyncChangesResponse does, and hand back the records as they came.
 */
import { describe, expect, it } from 'vitest';
import { parseChangesResponse, SyncChangesResponse } from '../../src/shared/sync/protocol.js';

const change = (over: Record<string, unknown> = {}) => ({ entity: 'observations', id: 'o1', version: 7, data: { id: 'o1', status: 'Pending' }, ...over });
const page = (changes: unknown[], over: Record<string, unknown> = {}) => ({ changes, cursor: '12', hasMore: false, scope: 'all', ...over });

const CASES: [string, unknown][] = [
  ['a page', page([change(), change({ id: 'o2', data: null })])],
  ['an empty page without scope', { changes: [], cursor: '0', hasMore: true }],
  ['a reset', { resetRequired: true }],
  ['reset false', { resetRequired: false }],
  ['null', null],
  ['an array', []],
  ['a string', 'x'],
  ['no cursor', { changes: [], hasMore: false }],
  ['cursor a number', page([], { cursor: 12 })],
  ['hasMore a string', page([], { hasMore: 'yes' })],
  ['scope null', page([], { scope: null })],
  ['changes not an array', page({} as unknown as unknown[])],
  ['unknown entity', page([change({ entity: 'secrets' })])],
  ['entity missing', page([change({ entity: undefined })])],
  ['id a number', page([change({ id: 1 })])],
  ['version fractional', page([change({ version: 1.5 })])],
  ['version a string', page([change({ version: '7' })])],
  ['version beyond safe integers', page([change({ version: 2 ** 60 })])],
  ['version NaN', page([change({ version: Number.NaN })])],
  ['version negative', page([change({ version: -3 })])],
  ['data an array', page([change({ data: [1, 2] })])],
  ['data a string', page([change({ data: 'x' })])],
  ['data missing', page([change({ data: undefined })])],
  ['data a number', page([change({ data: 3 })])],
  ['a change null', page([null])],
  ['a change a string', page(['x'])],
  ['extra keys on a change', page([change({ extra: 1 })])],
  ['extra keys on the page', page([change()], { extra: true })],
  ['nested data', page([change({ data: { a: { b: [1, { c: null }] } } })])],
];

describe('parseChangesResponse', () => {
  it.each(CASES)('agrees with SyncChangesResponse on %s', (_name, body) => {
    expect(parseChangesResponse(body).success).toBe(SyncChangesResponse.safeParse(body).success);
  });

  it('hands back the records themselves, not copies', () => {
    const data = { id: 'o1', status: 'Pending', nested: { x: 1 } };
    const body = page([change({ data })]);
    const r = parseChangesResponse(body);
    expect(r.success).toBe(true);
    if (!r.success || 'resetRequired' in r.data) throw new Error('expected a page');
    expect(r.data.changes[0].data).toBe(data);
    expect(r.data).toMatchObject({ cursor: '12', hasMore: false, scope: 'all' });
  });
});
