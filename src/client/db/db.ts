/**
 * The Dexie replica (IndexedDB). Holds what the signed-in user may see plus the outbox and blob chunks.
 * No React and no DOM UI here: this module also runs inside the service worker.
 *
 * Schema changes: add a new `this.version(n+1).stores({...})` (with `.upgrade()` when data moves); never edit
 * an old version.
 */
import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { SyncEntity } from '../../shared/sync/protocol.js';

/** A replica record: the server's document for that entity (see src/shared/contract), keyed by id. */
export interface ReplicaRecord {
  id: string;
  /** Server version of this copy; 0 for records that exist only locally (created offline). */
  version?: number;
  [key: string]: unknown;
}

export type OutboxStatus = 'pending' | 'sending' | 'needs-attention';

export interface OutboxRow {
  /** Auto-increment: the replay order. */
  seq?: number;
  mutationId: string;
  name: string;
  args: unknown;
  entity: SyncEntity;
  entityId: string;
  lane: 'ordered' | 'blob';
  status: OutboxStatus;
  attempts: number;
  /** Epoch ms; the push loop leaves the row alone until then. */
  nextAttemptAt: number;
  lastError: string | null;
  /** HTTP status of the last refusal (4xx) for needs-attention rows. */
  lastStatus: number | null;
  createdAt: number;
  userId: string;
  /** Blob lane: the stored file whose upload must finish before this row is sent. */
  blobId?: string;
  /** Blob lane: the args field that receives the uploaded file's path (`/api/files/<id>`). */
  blobField?: string;
}

export interface BlobRow {
  id: string;
  /** The outbox mutation that registers the uploaded file. */
  mutationId: string;
  name: string;
  type: string;
  size: number;
  chunkCount: number;
  /** tus upload URL once created, so a killed tab resumes. */
  uploadUrl: string | null;
  uploadedBytes: number;
  status: 'pending' | 'uploading' | 'uploaded' | 'failed';
  lastError: string | null;
  createdAt: number;
  /** Failed attempts so far and when the next one may start (backoff). */
  attempts?: number;
  nextAttemptAt?: number;
}

export interface BlobChunk {
  blobId: string;
  index: number;
  /** ArrayBuffer (written by the engine); Blob accepted when reading older rows. */
  data: ArrayBuffer | Blob;
}

/**
 * What the user entered on this device and has not sent yet: a rubric tap (`score`) or a note being typed
 * (`note`). Kept apart from the replica's server documents, so a pull or a reset never overwrites it; cleared
 * once the change is in the outbox, and at sign-out.
 */
export interface DraftRow {
  /** `<observationId>:<kind>:<itemId>` for a score, `<observationId>:<kind>:<field>` for a note. */
  id: string;
  observationId: string;
  userId: string;
  score?: number;
  note?: { body: string; tags: string[]; shared: boolean };
  updatedAt: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export class ReplicaDb extends Dexie {
  users!: EntityTable<ReplicaRecord, 'id'>;
  departments!: EntityTable<ReplicaRecord, 'id'>;
  courses!: EntityTable<ReplicaRecord, 'id'>;
  slots!: EntityTable<ReplicaRecord, 'id'>;
  observations!: EntityTable<ReplicaRecord, 'id'>;
  notifications!: EntityTable<ReplicaRecord, 'id'>;
  planTemplates!: EntityTable<ReplicaRecord, 'id'>;
  emailTemplates!: EntityTable<ReplicaRecord, 'id'>;
  messages!: EntityTable<ReplicaRecord, 'id'>;
  /** Evidence notes and meeting agendas (id = observation id). */
  notes!: EntityTable<ReplicaRecord, 'id'>;
  agendas!: EntityTable<ReplicaRecord, 'id'>;
  /**
   * Rubric versions the device replicates: the published ones, every version of the rubrics the user builds, a
   * retired one on an observation they see (docs/adr/2026-11-28-retired-rubric-versions.md). An observation names
   * its own: rubricVersionId.
   */
  rubricVersions!: EntityTable<ReplicaRecord, 'id'>;
  /** Calibration sessions the user takes part in (their own scores and notes; the rest once closed). */
  calibrationSessions!: EntityTable<ReplicaRecord, 'id'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  blobs!: EntityTable<BlobRow, 'id'>;
  blobChunks!: Dexie.Table<BlobChunk, [string, number]>;
  meta!: EntityTable<MetaRow, 'key'>;
  drafts!: EntityTable<DraftRow, 'id'>;

  /** `options` lets tests pass their own IndexedDB (a fresh fake-indexeddb factory per simulated device). */
  constructor(name = 'observa', options: DexieOptions = {}) {
    super(name, { chromeTransactionDurability: 'strict', ...options });
    this.version(1).stores({
      users: 'id, role, department.id',
      departments: 'id',
      courses: 'id',
      slots: 'id, courseId, facultyId',
      observations: 'id, status, facultyId, observerId, createdAt',
      notifications: 'id, userId, open, createdAt',
      planTemplates: 'id, type',
      emailTemplates: 'id, type',
      messages: 'id, observationId, createdAt',
      outbox: '++seq, &mutationId, status, lane, entityId, nextAttemptAt',
      blobs: 'id, mutationId, status',
      blobChunks: '[blobId+index], blobId',
      meta: 'key',
    });
    // v2: the outbox drops its unused nextAttemptAt index (one index entry fewer on every mutate); observations
    // gain a semester index for the list filter.
    this.version(2).stores({
      outbox: '++seq, &mutationId, status, lane, entityId',
      observations: 'id, status, facultyId, observerId, createdAt, semester',
    });
    // v3: the outbox keeps only its status index. Every index is one more entry written by each mutate, and the
    // lane / entity / mutation-id lookups scan a queue that is short (and walked in seq order anyway).
    this.version(3).stores({
      outbox: '++seq, status',
    });
    // v4: observations come in two grains (shared/contract/observation-summary.ts); lists and
    // dashboards filter the summaries by department and semester, pages tell grains apart.
    this.version(4).stores({
      observations: 'id, status, facultyId, observerId, createdAt, semester, grain, departmentId',
    });
    // v5 (dashboards without loading every observation): the dashboard counts and the stream chart are
    // IndexedDB count() calls on index ranges, scoped the way each role's dashboard is (everything / a department
    // / an observer), so a count never deserialises a document. Users gain [role+department.id] for the HOD's
    // counts and name for the paged user list. Only summary fields are indexed: both grains carry them.
    this.version(5).stores({
      observations:
        'id, status, facultyId, observerId, createdAt, semester, grain, departmentId, ' +
        '[status+createdAt], [status+semester+createdAt], ' +
        '[departmentId+status+createdAt], [departmentId+status+semester+createdAt], ' +
        '[observerId+status+createdAt], [observerId+status+semester+createdAt]',
      users: 'id, role, department.id, name, [role+department.id]',
    });
    // v16 (numbered with a gap so parallel schema bumps do not collide; Dexie allows gaps):
    // evidence notes by observation, agendas by observation id.
    this.version(16).stores({
      notes: 'id, observationId',
      agendas: 'id',
    });
    // v17 (first sync at scale): every index is one more key to build and write for each of the 10 000+
    // observations a first download puts. Dropped: `grain` and `semester` (read by nothing), `status` (the new
    // observation form reads the [status+createdAt] ranges), `departmentId` and `observerId` (the dashboard
    // counts a department's or an observer's observations on the prefix of its [scope+status+createdAt] index,
    // the same index its chart counts on). Kept: facultyId (a Faculty dashboard's count), createdAt (newest
    // first) and the compound ranges of the list and the chart. Messages drop `createdAt` (a chat reads its
    // observation's messages and sorts them in memory). Only indexes change: no data moves.
    this.version(17).stores({
      messages: 'id, observationId',
      observations:
        'id, facultyId, createdAt, ' +
        '[status+createdAt], [status+semester+createdAt], ' +
        '[departmentId+status+createdAt], [departmentId+status+semester+createdAt], ' +
        '[observerId+status+createdAt], [observerId+status+semester+createdAt]',
    });
    // v18: drafts (rubric taps and notes being typed) kept on the device until they reach the outbox.
    this.version(18).stores({
      drafts: 'id, observationId',
    });
    // v24 (numbered with a gap, like v16): rubric versions, by id (an observation's rubricVersionId) and by rubric.
    this.version(24).stores({
      rubricVersions: 'id, rubricId',
    });
    // v26 (numbered after its migration, a gap like v16 and v24): calibration sessions, by id.
    this.version(26).stores({
      calibrationSessions: 'id',
    });
  }
}

/** Replica table names = sync entity names. */
export function replicaTable(db: ReplicaDb, entity: SyncEntity): EntityTable<ReplicaRecord, 'id'> {
  return db[entity];
}
