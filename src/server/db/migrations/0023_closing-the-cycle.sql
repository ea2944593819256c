ALTER TABLE "observations" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "acknowledged_name" text;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "response" text;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "response_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "signed_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "signed_off_by" uuid;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_signed_off_by_users_id_fk" FOREIGN KEY ("signed_off_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Observations completed before closing existed get the default response window (RESPONSE_WINDOW_DAYS = 10) from
-- their completion.
UPDATE "observations" SET "response_due_at" = "ending" + interval '10 days' WHERE "status" = 'Completed' AND "ending" IS NOT NULL;
