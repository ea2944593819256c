-- A row's version moves once per transaction, not at every write of it (migrations 0001 and 0009).
--
-- Every UPDATE of a synced row ran observa_bump_version(), a PL/pgSQL call, and took a new version from the
-- sequence. A row changed again in the same transaction needs neither: its version was already taken inside
-- this transaction, after the transaction's watermark lock (0009), and nothing of the transaction is visible
-- before its commit, so no pull can read the row's later state without that version, which no committed
-- version of the row reaches (every one was taken before the lock). And the version left alone, the rewrite can
-- be a HOT update when no other indexed column changes (the version is indexed for the feed): no new entry in
-- any of the table's indexes. A batched push rewrites one row many times in a transaction (fifty profile edits
-- of one user, a meeting saved fifty times).
--
-- The update trigger now runs only when the row version being replaced was written by another transaction: a
-- WHEN condition, which PostgreSQL evaluates without calling the function. A row written inside a subtransaction
-- (a batched push's savepoint) carries the subtransaction's id, so it is bumped again, as before. Inserts always
-- take a version (a WHEN on OLD cannot apply to them, hence two triggers). Measured in process on PGlite: fifty
-- profile updates of one user per transaction, 0.234–0.252 → 0.175–0.214 ms each.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['departments','users','courses','slots','observations','plan_templates',
                           'plan_template_steps','observation_messages','email_templates','notifications','tombstones',
                           'evidence_notes','meeting_agendas']
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_bump_version', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT ON %I FOR EACH ROW EXECUTE FUNCTION observa_bump_version()',
                   t || '_bump_version', t);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW WHEN (OLD.xmin <> pg_current_xact_id()::xid) '
                   'EXECUTE FUNCTION observa_bump_version()', t || '_bump_version_on_update', t);
  END LOOP;
END $$;
