-- Races decided by the database (http/db-errors.ts maps the violations to 409 + the SPEC §5 message):
--   observations_open_faculty_key  one open (status <> 'Completed') observation per faculty member
--   users_email_lower_key          one account per email address, whatever its case
--   email_outbox.claimed_until     a flusher's claim on a row (services/mail/outbox-flusher.ts)
-- A database that already holds two open observations of one faculty member (left by the race this closes)
-- stops here naming the faculty_id: complete or delete one of them, then start again.
ALTER TABLE "email_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "observations_open_faculty_key" ON "observations" USING btree ("faculty_id") WHERE "observations"."status" <> 'Completed';--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));