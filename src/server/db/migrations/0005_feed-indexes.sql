CREATE INDEX "courses_version_idx" ON "courses" USING btree ("version");--> statement-breakpoint
CREATE INDEX "notifications_user_version_idx" ON "notifications" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "observation_messages_version_idx" ON "observation_messages" USING btree ("version");--> statement-breakpoint
CREATE INDEX "observations_hod_idx" ON "observations" USING btree ("hod_id");--> statement-breakpoint
CREATE INDEX "slots_version_idx" ON "slots" USING btree ("version");--> statement-breakpoint
CREATE INDEX "users_version_idx" ON "users" USING btree ("version");