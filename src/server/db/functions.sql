-- The current definition of every function and trigger the migrations created, as the database prints them
-- (pg_get_functiondef, pg_get_triggerdef). Not run: the migrations are the source; this file is where their
-- result can be read in one place. tests/server/db/schema-truth.test.ts fails when it differs from the
-- database; rewrite it with OBSERVA_WRITE_FUNCTIONS=1 npx vitest run tests/server/db/schema-truth.test.ts.

-- Functions

CREATE OR REPLACE FUNCTION public.observa_bump_version()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;

CREATE OR REPLACE FUNCTION public.observa_rubric_items_frozen()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP <> 'INSERT' AND EXISTS (SELECT 1 FROM rubric_versions v WHERE v.id = OLD.rubric_version_id AND v.status <> 'draft') THEN
    RAISE EXCEPTION 'rubric version % is not a draft: its items cannot change', OLD.rubric_version_id USING ERRCODE = '23514';
  END IF;
  IF TG_OP <> 'DELETE' AND EXISTS (SELECT 1 FROM rubric_versions v WHERE v.id = NEW.rubric_version_id AND v.status <> 'draft') THEN
    RAISE EXCEPTION 'rubric version % is not a draft: its items cannot change', NEW.rubric_version_id USING ERRCODE = '23514';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $function$;

CREATE OR REPLACE FUNCTION public.observa_rubric_version_frozen()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'rubric version % is %: it cannot be deleted', OLD.id, OLD.status USING ERRCODE = '23514';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status <> 'draft' AND (NEW.scale IS DISTINCT FROM OLD.scale OR NEW.rubric_id <> OLD.rubric_id OR NEW.number <> OLD.number
      OR NEW.published_at IS DISTINCT FROM OLD.published_at OR NOT (NEW.status = OLD.status OR (OLD.status = 'published' AND NEW.status = 'retired'))) THEN
    RAISE EXCEPTION 'rubric version % is %: it cannot change', OLD.id, OLD.status USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $function$;

CREATE OR REPLACE FUNCTION public.observa_sync_upper_bound()
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
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
END $function$;

CREATE OR REPLACE FUNCTION public.observa_tombstone()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  sc jsonb;
  who uuid;
BEGIN
  IF TG_ARGV[0] = 'observations' THEN
    sc := jsonb_build_object('observer', OLD.observer_id, 'faculty', OLD.faculty_id, 'hod', OLD.hod_id, 'department', OLD.department_id);
  ELSIF TG_ARGV[0] = 'observation_messages' THEN
    sc := jsonb_build_object('observation', OLD.observation_id);
  ELSIF TG_ARGV[0] = 'evidence_notes' THEN
    sc := jsonb_build_object('observation', OLD.observation_id, 'facultySaw', OLD.shared AND EXISTS (
      SELECT 1 FROM meetings m WHERE m.observation_id = OLD.observation_id AND m.kind = OLD.kind AND m.status = 'Completed'));
  ELSIF TG_ARGV[0] = 'slots' THEN
    sc := jsonb_build_object('course', OLD.course_id);
  ELSIF TG_ARGV[0] = 'notifications' THEN
    who := OLD.user_id;
  END IF;
  INSERT INTO tombstones(entity, entity_id, audience, scope) VALUES (TG_ARGV[0], to_jsonb(OLD)->>'id', who, sc);
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.observa_tombstone_agenda()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO tombstones(entity, entity_id, scope)
  VALUES ('meeting_agendas', OLD.observation_id::text, jsonb_build_object('observation', OLD.observation_id, 'facultySaw', OLD.shared));
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.observa_touch_course()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  rec jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := to_jsonb(OLD); ELSE rec := to_jsonb(NEW); END IF;
  UPDATE courses SET course_code = course_code WHERE id = (rec->>'course_id')::uuid;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.observa_touch_notes_of_meeting()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE evidence_notes SET updated_at = updated_at WHERE observation_id = NEW.observation_id AND kind = NEW.kind;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.observa_touch_observation()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;

-- Triggers

CREATE TRIGGER artifacts_touch AFTER INSERT OR DELETE OR UPDATE ON public.artifacts FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('post');
CREATE TRIGGER calibration_sessions_bump_version BEFORE INSERT ON public.calibration_sessions FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER calibration_sessions_bump_version_on_update BEFORE UPDATE ON public.calibration_sessions FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER course_departments_touch AFTER INSERT OR DELETE OR UPDATE ON public.course_departments FOR EACH ROW EXECUTE FUNCTION observa_touch_course();
CREATE TRIGGER courses_bump_version BEFORE INSERT ON public.courses FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER courses_bump_version_on_update BEFORE UPDATE ON public.courses FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER courses_tombstone AFTER DELETE ON public.courses FOR EACH ROW EXECUTE FUNCTION observa_tombstone('courses');
CREATE TRIGGER departments_bump_version BEFORE INSERT ON public.departments FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER departments_bump_version_on_update BEFORE UPDATE ON public.departments FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER departments_tombstone AFTER DELETE ON public.departments FOR EACH ROW EXECUTE FUNCTION observa_tombstone('departments');
CREATE TRIGGER email_templates_bump_version BEFORE INSERT ON public.email_templates FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER email_templates_bump_version_on_update BEFORE UPDATE ON public.email_templates FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER evidence_notes_bump_version BEFORE INSERT ON public.evidence_notes FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER evidence_notes_bump_version_on_update BEFORE UPDATE ON public.evidence_notes FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER evidence_notes_tombstone AFTER DELETE ON public.evidence_notes FOR EACH ROW EXECUTE FUNCTION observa_tombstone('evidence_notes');
CREATE TRIGGER growth_goal_reviews_touch AFTER INSERT OR DELETE OR UPDATE ON public.growth_goal_reviews FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('direct');
CREATE TRIGGER growth_goals_touch AFTER INSERT OR DELETE OR UPDATE ON public.growth_goals FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('direct');
CREATE TRIGGER meeting_agendas_bump_version BEFORE INSERT ON public.meeting_agendas FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER meeting_agendas_bump_version_on_update BEFORE UPDATE ON public.meeting_agendas FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER meeting_agendas_tombstone AFTER DELETE ON public.meeting_agendas FOR EACH ROW EXECUTE FUNCTION observa_tombstone_agenda();
CREATE TRIGGER meetings_touch AFTER INSERT OR DELETE OR UPDATE ON public.meetings FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('direct');
CREATE TRIGGER meetings_touch_notes AFTER UPDATE ON public.meetings FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION observa_touch_notes_of_meeting();
CREATE TRIGGER notifications_bump_version BEFORE INSERT ON public.notifications FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER notifications_bump_version_on_update BEFORE UPDATE ON public.notifications FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER notifications_tombstone AFTER DELETE ON public.notifications FOR EACH ROW EXECUTE FUNCTION observa_tombstone('notifications');
CREATE TRIGGER observation_messages_bump_version BEFORE INSERT ON public.observation_messages FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER observation_messages_bump_version_on_update BEFORE UPDATE ON public.observation_messages FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER observation_messages_tombstone AFTER DELETE ON public.observation_messages FOR EACH ROW EXECUTE FUNCTION observa_tombstone('observation_messages');
CREATE TRIGGER observation_plan_steps_touch AFTER INSERT OR DELETE OR UPDATE ON public.observation_plan_steps FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('plan');
CREATE TRIGGER observation_plans_touch AFTER INSERT OR DELETE OR UPDATE ON public.observation_plans FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('direct');
CREATE TRIGGER observations_bump_version BEFORE INSERT ON public.observations FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER observations_bump_version_on_update BEFORE UPDATE ON public.observations FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER observations_tombstone AFTER DELETE ON public.observations FOR EACH ROW EXECUTE FUNCTION observa_tombstone('observations');
CREATE TRIGGER plan_template_steps_bump_version BEFORE INSERT ON public.plan_template_steps FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER plan_template_steps_bump_version_on_update BEFORE UPDATE ON public.plan_template_steps FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER plan_template_steps_tombstone AFTER DELETE ON public.plan_template_steps FOR EACH ROW EXECUTE FUNCTION observa_tombstone('plan_template_steps');
CREATE TRIGGER plan_templates_bump_version BEFORE INSERT ON public.plan_templates FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER plan_templates_bump_version_on_update BEFORE UPDATE ON public.plan_templates FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER post_observation_slots_touch AFTER INSERT OR DELETE OR UPDATE ON public.post_observation_slots FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('post');
CREATE TRIGGER post_observations_touch AFTER INSERT OR DELETE OR UPDATE ON public.post_observations FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('direct');
CREATE TRIGGER rubric_items_frozen BEFORE INSERT OR DELETE OR UPDATE ON public.rubric_items FOR EACH ROW EXECUTE FUNCTION observa_rubric_items_frozen();
CREATE TRIGGER rubric_scores_touch AFTER INSERT OR DELETE OR UPDATE ON public.rubric_scores FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('meeting');
CREATE TRIGGER rubric_versions_bump_version BEFORE INSERT ON public.rubric_versions FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER rubric_versions_bump_version_on_update BEFORE UPDATE ON public.rubric_versions FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER rubric_versions_frozen BEFORE DELETE OR UPDATE ON public.rubric_versions FOR EACH ROW EXECUTE FUNCTION observa_rubric_version_frozen();
CREATE TRIGGER rubric_versions_tombstone AFTER DELETE ON public.rubric_versions FOR EACH ROW EXECUTE FUNCTION observa_tombstone('rubric_versions');
CREATE TRIGGER rubrics_bump_version BEFORE INSERT ON public.rubrics FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER rubrics_bump_version_on_update BEFORE UPDATE ON public.rubrics FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER scheduling_requests_touch AFTER INSERT OR DELETE OR UPDATE ON public.scheduling_requests FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('direct');
CREATE TRIGGER slots_bump_version BEFORE INSERT ON public.slots FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER slots_bump_version_on_update BEFORE UPDATE ON public.slots FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER slots_tombstone AFTER DELETE ON public.slots FOR EACH ROW EXECUTE FUNCTION observa_tombstone('slots');
CREATE TRIGGER tombstones_bump_version BEFORE INSERT ON public.tombstones FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER tombstones_bump_version_on_update BEFORE UPDATE ON public.tombstones FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER users_bump_version BEFORE INSERT ON public.users FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER users_bump_version_on_update BEFORE UPDATE ON public.users FOR EACH ROW WHEN ((old.xmin <> (pg_current_xact_id())::xid)) EXECUTE FUNCTION observa_bump_version();
CREATE TRIGGER users_tombstone AFTER DELETE ON public.users FOR EACH ROW EXECUTE FUNCTION observa_tombstone('users');
