DROP INDEX "observations_faculty_idx";--> statement-breakpoint
DROP INDEX "observations_observer_idx";--> statement-breakpoint
DROP INDEX "observations_hod_idx";--> statement-breakpoint
DROP INDEX "slots_faculty_idx";--> statement-breakpoint
CREATE INDEX "artifacts_post_idx" ON "artifacts" USING btree ("post_observation_id");--> statement-breakpoint
CREATE INDEX "post_observation_slots_post_idx" ON "post_observation_slots" USING btree ("post_observation_id");--> statement-breakpoint
CREATE INDEX "observations_faculty_idx" ON "observations" USING btree ("faculty_id","version");--> statement-breakpoint
CREATE INDEX "observations_observer_idx" ON "observations" USING btree ("observer_id","version");--> statement-breakpoint
CREATE INDEX "observations_hod_idx" ON "observations" USING btree ("hod_id","version");--> statement-breakpoint
CREATE INDEX "slots_faculty_idx" ON "slots" USING btree ("faculty_id","version");