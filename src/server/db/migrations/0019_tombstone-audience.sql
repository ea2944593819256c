ALTER TABLE "tombstones" ADD COLUMN "scope" jsonb;--> statement-breakpoint
-- A removal reaches only the audience its row had (sync/tombstones.ts resolves `scope` per viewer in TypeScript
-- with the scope rules; nothing of the rules is restated here, only the deciding fields are kept):
--   observations            its people and department, kept here because the row is gone
--   observation_messages    its observation (resolved from the row, or from the observation's own tombstone)
--   evidence_notes          its observation, and whether its faculty member could see it (shared, rubric locked)
--   meeting_agendas         its observation, and whether it was shared with the faculty member
--   slots                   its course (whose departments decide who sees it)
--   notifications           its owner only (`audience`)
-- Departments, users, plan templates: everyone, as before.
CREATE OR REPLACE FUNCTION observa_tombstone() RETURNS trigger AS $$
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
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION observa_tombstone_agenda() RETURNS trigger AS $$
BEGIN
  INSERT INTO tombstones(entity, entity_id, scope)
  VALUES ('meeting_agendas', OLD.observation_id::text, jsonb_build_object('observation', OLD.observation_id, 'facultySaw', OLD.shared));
  RETURN NULL;
END $$ LANGUAGE plpgsql;
