CREATE TABLE "evidence_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"observation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"offset_seconds" integer DEFAULT 0 NOT NULL,
	"rubric_item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"photo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_agendas" (
	"observation_id" uuid PRIMARY KEY NOT NULL,
	"items" jsonb NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "client_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "observation_id" uuid;--> statement-breakpoint
ALTER TABLE "evidence_notes" ADD CONSTRAINT "evidence_notes_observation_id_observations_id_fk" FOREIGN KEY ("observation_id") REFERENCES "public"."observations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_notes" ADD CONSTRAINT "evidence_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_agendas" ADD CONSTRAINT "meeting_agendas_observation_id_observations_id_fk" FOREIGN KEY ("observation_id") REFERENCES "public"."observations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_notes_obs_idx" ON "evidence_notes" USING btree ("observation_id");--> statement-breakpoint
CREATE INDEX "evidence_notes_version_idx" ON "evidence_notes" USING btree ("version");--> statement-breakpoint
CREATE INDEX "audit_log_observation_idx" ON "audit_log" USING btree ("observation_id");