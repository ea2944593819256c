/**
 * PostgreSQL advisory lock keys, one list so two uses never share a key by accident. (Negative keys are the sync
 * watermark of migration 0009, one per writing transaction; 727274 was migration 0001's global sync lock, which 0009
 * removed, so it stays unused; 727001/727002 serialise the base and demo seeds.)
 */
/** Session lock held on a dedicated connection while one instance migrates and seeds (db/client.ts). */
export const STARTUP_LOCK = 727003;
/** Transaction lock a housekeeping run tries; an instance that does not get it skips the run. */
export const HOUSEKEEPING_LOCK = 727004;
