-- The touch of an observation by its parts, cheaper per row (migrations 0001 and 0012 before it).
--
-- Every row of a part still fired the whole function: the row turned into jsonb (to_jsonb of every column) to read
-- one key, and for a part held by a parent (a score by its meeting, a plan step by its plan, a slot or an artifact
-- by its post-observation) a lookup of the parent's observation, before finding the observation touched already.
-- A rubric group save writes five score rows, and a batched push fifty saves of one meeting in a transaction:
-- 250 conversions and lookups to touch one observation once.
--
-- Now the key is read from the row itself (NEW.meeting_id…; PL/pgSQL resolves a record's field when the branch
-- runs, so each table reaches only its own column), and the transaction also remembers the parent it last touched
-- through (`observa.touched_via`): a row of that same parent returns at once. Invariant: when touched_via is set,
-- the parent's observation is `observa.touched_observation`, touched in this transaction (a parent's observation
-- never changes). Touching another observation directly, or through another parent, replaces both settings
-- together. Both are transaction-local, so a rolled-back savepoint undoes them with the touch they record.
CREATE OR REPLACE FUNCTION observa_touch_observation() RETURNS trigger AS $$
DECLARE
  obs uuid;
  via uuid;
BEGIN
  IF TG_ARGV[0] = 'direct' THEN
    IF TG_OP = 'DELETE' THEN obs := OLD.observation_id; ELSE obs := NEW.observation_id; END IF;
  ELSE
    IF TG_ARGV[0] = 'plan' THEN
      IF TG_OP = 'DELETE' THEN via := OLD.plan_id; ELSE via := NEW.plan_id; END IF;
    ELSIF TG_ARGV[0] = 'meeting' THEN
      IF TG_OP = 'DELETE' THEN via := OLD.meeting_id; ELSE via := NEW.meeting_id; END IF;
    ELSIF TG_ARGV[0] = 'post' THEN
      IF TG_OP = 'DELETE' THEN via := OLD.post_observation_id; ELSE via := NEW.post_observation_id; END IF;
    END IF;
    IF via IS NULL OR current_setting('observa.touched_via', true) = via::text THEN
      RETURN NULL;
    END IF;
    IF TG_ARGV[0] = 'plan' THEN
      SELECT observation_id INTO obs FROM observation_plans WHERE id = via;
    ELSIF TG_ARGV[0] = 'meeting' THEN
      SELECT observation_id INTO obs FROM meetings WHERE id = via;
    ELSE
      SELECT observation_id INTO obs FROM post_observations WHERE id = via;
    END IF;
  END IF;
  IF obs IS NULL THEN
    RETURN NULL;
  END IF;
  IF current_setting('observa.touched_observation', true) IS DISTINCT FROM obs::text THEN
    UPDATE observations SET updated_at = now() WHERE id = obs;
    PERFORM set_config('observa.touched_observation', obs::text, true);
    PERFORM set_config('observa.touched_via', coalesce(via::text, ''), true);
  ELSIF via IS NOT NULL THEN
    PERFORM set_config('observa.touched_via', via::text, true);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
