-- Foreign keys checked once per row version that survives, for the rows a batched push rewrites many times in one
-- transaction. PostgreSQL skips the foreign-key check of an UPDATE that leaves the key alone, except
-- when the row was written earlier in the same transaction: then it checks again, each time. A batch's transaction
-- saves one rubric group fifty times over (five score rows, two keys each: 500 checks) or edits one profile fifty
-- times (the department's key: 50 checks). Deferred, a check runs at the end of the transaction, and only for the
-- row versions still live there (a superseded version's check returns at once): 40 checks and 1.
--
-- Where the checks run: a single write's transaction checks at COMMIT, and a violation fails it as a violation at
-- the statement did (the row is not applied, the error handler answers); a batched push's first attempt runs
-- `SET CONSTRAINTS ALL IMMEDIATE` before its keys are written, so a violation reruns the batch with a savepoint per
-- row, where constraints are immediate from the start and the row that violates fails alone (sync/push.ts).
-- The referenced side (deleting a meeting cascades; rubric items and departments are never deleted) is unchanged
-- in effect. In process on PGlite, 100-row batches of rubric saves cost 535–711 µs of server time per row
-- immediate and 471–492 µs deferred (alternated four times).
ALTER TABLE "rubric_scores" ALTER CONSTRAINT "rubric_scores_meeting_id_meetings_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "rubric_scores" ALTER CONSTRAINT "rubric_scores_rubric_item_id_rubric_items_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "users" ALTER CONSTRAINT "users_department_id_departments_id_fk" DEFERRABLE INITIALLY DEFERRED;
