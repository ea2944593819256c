/**
 * PGlite's data directory on disk (its NodeFS), with each open file's size remembered instead of asked of the
 * kernel on every seek to its end.
 *
 * PostgreSQL learns a relation's length by seeking to the end of its file (mdnblocks → lseek(fd, 0, SEEK_END)),
 * several times per statement: planning, scans, inserts finding a page. In PGlite, Emscripten's NODEFS answers
 * that seek with an fstat() of the real file, a system call, and system calls are dear in a virtual machine: on
 * the 2-core dev machine (bare Fastify 34 000 req/s) those fstat() calls were 13.6 % of the server's CPU during a
 * batched replay of profile edits (~8 per edit, CPU profile; README "Session 15 figures").
 *
 *   seek to end ─► size known for this file? ──yes──► that size (no system call)
 *                        │ no
 *                        ▼
 *                  fstat() ──► size remembered
 *   write(position, n)       ──► remembered size = max(size, position + n)   (the file can only grow by a write)
 *   truncate / setattr       ──► size forgotten (asked again at the next seek)
 *
 * Invariant: only this PGlite writes the directory (data-dir-lock.ts holds it for the process), so every change
 * of a file's length passes through the operations above. The size lives on Emscripten's node (one per file,
 * shared by all its open descriptors); an unlinked file's node goes with it, and a file made again under the
 * same name gets a new node. `OBSERVA_PGLITE_FS_CHECK=1` compares every remembered size with fstat() and throws on
 * a difference (tests/server/pglite-fs.test.ts runs PostgreSQL's file-shrinking commands that way).
 */
import fs from 'node:fs';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type InitOpts = Parameters<NodeFS['init']>[1];

/** What this file uses of Emscripten's NODEFS (an internal of PGlite's build; checked before patching). */
interface EmscriptenNode {
  mode: number;
  /** The remembered length, bytes (absent: unknown). */
  observaSize?: number;
}
interface EmscriptenStream {
  node: EmscriptenNode;
  nfd: number;
  position: number;
}
interface NodeFsOps {
  stream_ops: {
    llseek(stream: EmscriptenStream, offset: number, whence: number): number;
    write(stream: EmscriptenStream, buffer: Uint8Array, offset: number, length: number, position: number): number;
    setattr?(stream: EmscriptenStream, attr: unknown): void;
  };
  node_ops: { setattr(node: EmscriptenNode, attr: unknown): void };
}

const SEEK_END = 2;
/** S_IFMT / S_IFREG: only regular files have a length to remember. */
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;

function patchable(value: unknown): value is NodeFsOps {
  const v = value as Partial<NodeFsOps> | undefined;
  return typeof v?.stream_ops?.llseek === 'function' && typeof v.stream_ops.write === 'function' && typeof v.node_ops?.setattr === 'function';
}

/** Makes `nodefs` (one PGlite instance's NODEFS) remember file sizes; leaves it as it is when its shape is not the expected one. */
export function rememberFileSizes(nodefs: unknown, check = process.env.OBSERVA_PGLITE_FS_CHECK === '1'): boolean {
  if (!patchable(nodefs)) return false;
  const { stream_ops: streamOps, node_ops: nodeOps } = nodefs;
  const llseek = streamOps.llseek;
  const write = streamOps.write;
  const streamSetattr = streamOps.setattr;
  const nodeSetattr = nodeOps.setattr;
  streamOps.llseek = function (stream, offset, whence) {
    const node = stream.node;
    if (whence !== SEEK_END || (node.mode & S_IFMT) !== S_IFREG) return llseek.call(this, stream, offset, whence);
    if (node.observaSize === undefined) {
      node.observaSize = fs.fstatSync(stream.nfd).size;
    } else if (check) {
      const real = fs.fstatSync(stream.nfd).size;
      if (real !== node.observaSize) throw new Error(`PGlite file size remembered as ${node.observaSize}, is ${real}`);
    }
    const position = offset + node.observaSize;
    if (position < 0) return llseek.call(this, stream, offset, whence); // NODEFS's own EINVAL
    return position;
  };
  streamOps.write = function (stream, buffer, offset, length, position) {
    const written = write.call(this, stream, buffer, offset, length, position);
    const node = stream.node;
    if (node.observaSize !== undefined) node.observaSize = Math.max(node.observaSize, position + written);
    return written;
  };
  if (streamSetattr) {
    streamOps.setattr = function (stream, attr) {
      stream.node.observaSize = undefined;
      return streamSetattr.call(this, stream, attr);
    };
  }
  nodeOps.setattr = function (node, attr) {
    node.observaSize = undefined;
    return nodeSetattr.call(this, node, attr);
  };
  return true;
}

/** PGlite's NodeFS, its NODEFS remembering file sizes (see above). */
export class SizeKeepingNodeFS extends NodeFS {
  /** Whether the patch took (false: PGlite's build changed shape; plain NodeFS behaviour). */
  patched = false;

  override async init(pg: Parameters<NodeFS['init']>[0], opts: InitOpts) {
    const patch = (mod: { NODEFS?: unknown }) => {
      this.patched = rememberFileSizes(mod.NODEFS);
    };
    return super.init(pg, { ...opts, preRun: [...(opts.preRun ?? []), patch as never] });
  }
}
