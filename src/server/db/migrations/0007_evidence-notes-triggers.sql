-- Sync invariants for the evidence tables (see 0001): versions bumped under the advisory lock, tombstones for
-- deleted notes and agendas, and a note's version moves when its rubric is locked or unlocked, because what the
-- faculty member may see of it (shared notes, after the lock) changes then.
CREATE TRIGGER evidence_notes_bump_version BEFORE INSERT OR UPDATE ON evidence_notes FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
--> statement-breakpoint
CREATE TRIGGER meeting_agendas_bump_version BEFORE INSERT OR UPDATE ON meeting_agendas FOR EACH ROW EXECUTE FUNCTION observa_bump_version();
--> statement-breakpoint
CREATE TRIGGER evidence_notes_tombstone AFTER DELETE ON evidence_notes FOR EACH ROW EXECUTE FUNCTION observa_tombstone('evidence_notes');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION observa_tombstone_agenda() RETURNS trigger AS $$
BEGIN
  INSERT INTO tombstones(entity, entity_id) VALUES ('meeting_agendas', OLD.observation_id::text);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER meeting_agendas_tombstone AFTER DELETE ON meeting_agendas FOR EACH ROW EXECUTE FUNCTION observa_tombstone_agenda();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION observa_touch_notes_of_meeting() RETURNS trigger AS $$
BEGIN
  UPDATE evidence_notes SET updated_at = updated_at WHERE observation_id = NEW.observation_id AND kind = NEW.kind;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER meetings_touch_notes AFTER UPDATE ON meetings FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION observa_touch_notes_of_meeting();
