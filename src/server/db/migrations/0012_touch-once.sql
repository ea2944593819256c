-- An observation is touched once per transaction, not once per changed part.
--
-- A change to one of an observation's parts (scores, meetings, plans, slots, artifacts…) updates the observation
-- row, so its version moves and the sync feed sends the document again (migration 0001). That ran for every row:
-- one rubric group save (five score rows and its meeting) updated the observation six times, each a new row
-- version with seven index entries and a version bump, ~2 ms of a ~5 ms save on PGlite; a batched push of fifty
-- saves of one observation updated it three hundred times in one transaction.
--
-- Once is enough: the first touch gives the observation a version taken inside this transaction, and nothing of
-- the transaction is visible before its commit, so no pull can read a part changed later in it without reading
-- that version too (the watermark of migration 0009 stays below it until the commit). The transaction remembers
-- the observation it touched last (a transaction-local setting: one id, so checking costs the same however many
-- rows the transaction writes); a touch of that same observation again does nothing. A savepoint rolled back
-- (a refused row of a batch) undoes the setting with the touch it recorded, so the next part changed touches
-- again. Touching a different observation in between replaces the remembered one: at worst an extra update.
CREATE OR REPLACE FUNCTION observa_touch_observation() RETURNS trigger AS $$
DECLARE
  rec jsonb;
  obs uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := to_jsonb(OLD); ELSE rec := to_jsonb(NEW); END IF;
  IF TG_ARGV[0] = 'direct' THEN
    obs := (rec->>'observation_id')::uuid;
  ELSIF TG_ARGV[0] = 'plan' THEN
    SELECT observation_id INTO obs FROM observation_plans WHERE id = (rec->>'plan_id')::uuid;
  ELSIF TG_ARGV[0] = 'meeting' THEN
    SELECT observation_id INTO obs FROM meetings WHERE id = (rec->>'meeting_id')::uuid;
  ELSIF TG_ARGV[0] = 'post' THEN
    SELECT observation_id INTO obs FROM post_observations WHERE id = (rec->>'post_observation_id')::uuid;
  END IF;
  IF obs IS NOT NULL AND current_setting('observa.touched_observation', true) IS DISTINCT FROM obs::text THEN
    UPDATE observations SET updated_at = now() WHERE id = obs;
    PERFORM set_config('observa.touched_observation', obs::text, true);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
