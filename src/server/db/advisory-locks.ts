/**
 * PostgreSQL advisory lock keys, one list so two uses never share a key by accident. (727274, the sync version
 * lock, lives in migration 0001 and sync/changes.ts; 727001/727002 serialise the base and demo seeds.)
 */
/** Session lock held on a dedicated connection while one instance migrates and seeds (db/client.ts). */
export const STARTUP_LOCK = 727003;
/** Transaction lock a housekeeping run tries; an instance that does not get it skips the run. */
export const HOUSEKEEPING_LOCK = 727004;
