/**
 * Bind + Execute + Sync of a prepared statement, as one message buffer for PGlite's `execProtocol`
 * (pglite-prepared.ts): the same bytes PGlite's `protocol.serialize` writes (checked byte for byte by
 * tests/server/pglite-bind.test.ts), built in one pass with Node's native UTF-8 encoder.
 *
 * PGlite's serializer measures each text value's UTF-8 length with a JavaScript loop over its characters and grows
 * its buffer as it writes; a batched push's key-and-audit statement binds ~750 values, 50 of them whole JSON
 * answers (~50 KB), and binding was ~7 % of the server's CPU in a batched replay on PGlite (CPU profile).
 *
 * Layout (PostgreSQL frontend protocol):
 *   'B' len portal\0 statement\0 nFormats {format}×n nValues {len (-1: null) bytes}×n nResultFormats(0)
 *   'E' len portal\0 maxRows(0)
 *   'S' len
 */

/** A bound value: text, null, or bytes (sent in binary format, as PGlite does). */
export type BindValue = string | null | ArrayBufferView | ArrayBuffer;

const EXECUTE_SYNC = Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0x53, 0, 0, 0, 4]);

function bytesOf(v: ArrayBufferView | ArrayBuffer): Uint8Array {
  return ArrayBuffer.isView(v) ? new Uint8Array(v.buffer, v.byteOffset, v.byteLength) : new Uint8Array(v);
}

export function bindExecuteSync(statement: string, values: readonly BindValue[]): Uint8Array {
  const n = values.length;
  const statementBytes = Buffer.byteLength(statement);
  // Length field onwards: len(4) + portal "" (1) + statement + \0 + nFormats(2) + formats(2n) + nValues(2) + values + nResultFormats(2)
  let size = 4 + 1 + statementBytes + 1 + 2 + 2 * n + 2 + 2;
  const lengths = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    const len = v === null || v === undefined ? -1 : typeof v === 'string' ? Buffer.byteLength(v) : bytesOf(v).byteLength;
    lengths[i] = len;
    size += 4 + Math.max(len, 0);
  }
  // A buffer of its own (not a slice of the shared pool): PGlite reads the message from offset 0 of what it is given.
  const out = Buffer.allocUnsafeSlow(1 + size + EXECUTE_SYNC.length);
  let at = 0;
  out[at++] = 0x42;
  out.writeInt32BE(size, at);
  at += 4;
  out[at++] = 0; // unnamed portal
  at += out.write(statement, at, 'utf8');
  out[at++] = 0;
  out.writeUInt16BE(n, at);
  at += 2;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    out.writeInt16BE(v !== null && v !== undefined && typeof v !== 'string' ? 1 : 0, at);
    at += 2;
  }
  out.writeUInt16BE(n, at);
  at += 2;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    out.writeInt32BE(lengths[i]!, at);
    at += 4;
    if (v === null || v === undefined) continue;
    if (typeof v === 'string') at += out.write(v, at, 'utf8');
    else {
      out.set(bytesOf(v), at);
      at += lengths[i]!;
    }
  }
  out.writeInt16BE(0, at); // result columns in text format
  at += 2;
  EXECUTE_SYNC.copy(out, at);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
