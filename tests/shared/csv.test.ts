import { describe, expect, it } from 'vitest';
import { csvSafeCell, csvSafeRow } from '../../src/shared/csv.js';

describe('csvSafeCell', () => {
  it('prefixes a cell that a spreadsheet would read as a formula', () => {
    for (const v of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")']) {
      expect(csvSafeCell(v)).toBe(`'${v}`);
    }
  });

  it('leaves every other cell alone', () => {
    for (const v of ['', 'plain', ' =not first', 'a=b', "'quoted", '1-2', 'x@y']) expect(csvSafeCell(v)).toBe(v);
  });

  it('applies to every string of a row, not to other values', () => {
    expect(csvSafeRow({ field: '=x', response: 'ok', n: 3 })).toEqual({ field: "'=x", response: 'ok', n: 3 });
  });
});
