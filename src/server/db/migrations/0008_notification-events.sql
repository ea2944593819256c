ALTER TABLE "notifications" ADD COLUMN "observation_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_observation_id_observations_id_fk" FOREIGN KEY ("observation_id") REFERENCES "public"."observations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_observation_idx" ON "notifications" USING btree ("observation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_obs_event_key" ON "notifications" USING btree ("user_id","observation_id","event");