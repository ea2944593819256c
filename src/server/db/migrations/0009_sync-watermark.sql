-- Sync cursor without a global writer lock (replaces the pg_advisory_xact_lock(727274) of migration 0001, which
-- made every writing transaction of the university wait for the one before it to commit).
--
-- Versions still come from the sequence `sync_version`, now without any lock, so unrelated writers run side by
-- side. What a pull needs is an upper bound `upTo` such that no transaction still in flight holds, or will take,
-- a version ≤ upTo. Each writing transaction publishes a lower bound of its versions where every session can see
-- it at once, before it takes any version: on its first bump it reads the sequence's position b (every version it
-- takes later is > b) and holds a shared transaction-level advisory lock whose key encodes b (key = -1 - b, a
-- namespace of negative keys no other lock uses). Shared locks never wait for each other. PostgreSQL releases the
-- lock only after the commit is visible (or at rollback), so
--   upTo = least(sequence position read first, smallest b among the locks still held, read second)
-- is safe: a transaction with a version v ≤ that position took v before the position was read, so it held its
-- lock (b < v) before too; if it is still running, upTo ≤ b < v; if not, its rows are committed and visible to
-- the pull's later statements. A transaction that locks after the locks were read takes versions > position.
-- A subtransaction that rolls back releases its lock and the transaction-local flag together, so the next bump
-- publishes again. PGlite (one connection, PostgreSQL 17) runs the same SQL.
CREATE OR REPLACE FUNCTION observa_bump_version() RETURNS trigger AS $$
DECLARE
  floor_v bigint;
BEGIN
  IF current_setting('observa.sync_published', true) IS DISTINCT FROM 'on' THEN
    SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END INTO floor_v FROM sync_version;
    PERFORM pg_advisory_xact_lock_shared(-1 - floor_v);
    PERFORM set_config('observa.sync_published', 'on', true);
  END IF;
  NEW.version := nextval('sync_version');
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Highest version whose transaction has certainly finished (see above). The order of the two reads matters.
CREATE OR REPLACE FUNCTION observa_sync_upper_bound() RETURNS bigint AS $$
DECLARE
  pos bigint;
  in_flight bigint;
BEGIN
  SELECT CASE WHEN is_called THEN last_value ELSE 0 END INTO pos FROM sync_version;
  -- Key -1 - b shows as classid = high half, objid = low half of its bits; b is their complement.
  SELECT min((4294967295 - l.classid::bigint) * 4294967296 + (4294967295 - l.objid::bigint)) INTO in_flight
    FROM pg_locks l
   WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND l.classid::bigint >= 2147483648
     AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database());
  RETURN least(pos, in_flight);
END $$ LANGUAGE plpgsql VOLATILE;
