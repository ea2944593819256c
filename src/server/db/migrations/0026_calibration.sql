CREATE TABLE "calibration_certifications" (
	"user_id" uuid NOT NULL,
	"rubric_version_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"certified_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	CONSTRAINT "calibration_certifications_user_id_rubric_version_id_pk" PRIMARY KEY("user_id","rubric_version_id")
);
--> statement-breakpoint
CREATE TABLE "calibration_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"offset_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calibration_participants" (
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calibration_participants_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "calibration_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"rubric_version_id" uuid NOT NULL,
	"department_id" integer,
	"organiser_id" uuid NOT NULL,
	"lesson_kind" text NOT NULL,
	"video_key" text,
	"video_size" bigint,
	"live_description" text,
	"live_date" text,
	"expert_name" text,
	"reference" jsonb,
	"deadline" timestamp with time zone NOT NULL,
	"names_participants" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "calibration_sessions_lesson_kind_check" CHECK ("calibration_sessions"."lesson_kind" in ('video', 'live'))
);
--> statement-breakpoint
CREATE TABLE "calibration_thresholds" (
	"rubric_version_id" uuid PRIMARY KEY NOT NULL,
	"adjacent_pct" real NOT NULL,
	"exact_pct" real NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calibration_certifications" ADD CONSTRAINT "calibration_certifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_certifications" ADD CONSTRAINT "calibration_certifications_rubric_version_id_rubric_versions_id_fk" FOREIGN KEY ("rubric_version_id") REFERENCES "public"."rubric_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_certifications" ADD CONSTRAINT "calibration_certifications_session_id_calibration_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."calibration_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_notes" ADD CONSTRAINT "calibration_notes_session_id_calibration_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."calibration_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_notes" ADD CONSTRAINT "calibration_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_participants" ADD CONSTRAINT "calibration_participants_session_id_calibration_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."calibration_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_participants" ADD CONSTRAINT "calibration_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_sessions" ADD CONSTRAINT "calibration_sessions_rubric_version_id_rubric_versions_id_fk" FOREIGN KEY ("rubric_version_id") REFERENCES "public"."rubric_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_sessions" ADD CONSTRAINT "calibration_sessions_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_sessions" ADD CONSTRAINT "calibration_sessions_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_thresholds" ADD CONSTRAINT "calibration_thresholds_rubric_version_id_rubric_versions_id_fk" FOREIGN KEY ("rubric_version_id") REFERENCES "public"."rubric_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_thresholds" ADD CONSTRAINT "calibration_thresholds_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calibration_notes_session_idx" ON "calibration_notes" USING btree ("session_id","author_id");--> statement-breakpoint
CREATE INDEX "calibration_participants_user_idx" ON "calibration_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "calibration_sessions_version_idx" ON "calibration_sessions" USING btree ("version");--> statement-breakpoint
CREATE INDEX "calibration_sessions_open_deadline_idx" ON "calibration_sessions" USING btree ("deadline") WHERE "calibration_sessions"."closed_at" is null;--> statement-breakpoint
-- Synced table: a version on insert and on the first update in a transaction (migration 0016). Scores and notes
-- touch the session row in their service (services/calibration/), so one trigger pair is enough.
CREATE TRIGGER calibration_sessions_bump_version BEFORE INSERT ON calibration_sessions FOR EACH ROW EXECUTE FUNCTION observa_bump_version();--> statement-breakpoint
CREATE TRIGGER calibration_sessions_bump_version_on_update BEFORE UPDATE ON calibration_sessions FOR EACH ROW WHEN (OLD.xmin <> pg_current_xact_id()::xid) EXECUTE FUNCTION observa_bump_version();
