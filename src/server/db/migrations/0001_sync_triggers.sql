-- Sync invariants (see schema.ts): version bump under an advisory lock, observation documents touched by
-- every change of their parts, tombstones for deletions.
CREATE OR REPLACE FUNCTION observa_bump_version() RETURNS trigger AS $$
BEGIN
  -- Serialises version-bumping transactions, so versions become visible in commit order.
  PERFORM pg_advisory_xact_lock(727274);
  NEW.version := nextval('sync_version');
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
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
  IF obs IS NOT NULL THEN
    UPDATE observations SET updated_at = now() WHERE id = obs;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION observa_touch_course() RETURNS trigger AS $$
DECLARE
  rec jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := to_jsonb(OLD); ELSE rec := to_jsonb(NEW); END IF;
  UPDATE courses SET course_code = course_code WHERE id = (rec->>'course_id')::uuid;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION observa_tombstone() RETURNS trigger AS $$
BEGIN
  INSERT INTO tombstones(entity, entity_id) VALUES (TG_ARGV[0], to_jsonb(OLD)->>'id');
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['departments','users','courses','slots','observations','plan_templates',
                           'plan_template_steps','observation_messages','email_templates','notifications','tombstones']
  LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION observa_bump_version()',
                   t || '_bump_version', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['departments','users','courses','slots','observations','plan_template_steps',
                           'observation_messages','notifications']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I FOR EACH ROW EXECUTE FUNCTION observa_tombstone(%L)',
                   t || '_tombstone', t, t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER scheduling_requests_touch AFTER INSERT OR UPDATE OR DELETE ON scheduling_requests FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('direct');
--> statement-breakpoint
CREATE TRIGGER observation_plans_touch AFTER INSERT OR UPDATE OR DELETE ON observation_plans FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('direct');
--> statement-breakpoint
CREATE TRIGGER meetings_touch AFTER INSERT OR UPDATE OR DELETE ON meetings FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('direct');
--> statement-breakpoint
CREATE TRIGGER post_observations_touch AFTER INSERT OR UPDATE OR DELETE ON post_observations FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('direct');
--> statement-breakpoint
CREATE TRIGGER observation_plan_steps_touch AFTER INSERT OR UPDATE OR DELETE ON observation_plan_steps FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('plan');
--> statement-breakpoint
CREATE TRIGGER rubric_scores_touch AFTER INSERT OR UPDATE OR DELETE ON rubric_scores FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('meeting');
--> statement-breakpoint
CREATE TRIGGER post_observation_slots_touch AFTER INSERT OR UPDATE OR DELETE ON post_observation_slots FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('post');
--> statement-breakpoint
CREATE TRIGGER artifacts_touch AFTER INSERT OR UPDATE OR DELETE ON artifacts FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('post');
--> statement-breakpoint
CREATE TRIGGER course_departments_touch AFTER INSERT OR UPDATE OR DELETE ON course_departments FOR EACH ROW EXECUTE FUNCTION observa_touch_course();
