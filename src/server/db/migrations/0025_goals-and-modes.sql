CREATE TABLE "growth_goal_reviews" (
	"goal_id" uuid NOT NULL,
	"observation_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "growth_goal_reviews_goal_id_observation_id_pk" PRIMARY KEY("goal_id","observation_id"),
	CONSTRAINT "growth_goal_reviews_status_check" CHECK ("growth_goal_reviews"."status" in ('met', 'partly', 'not_yet'))
);
--> statement-breakpoint
CREATE TABLE "growth_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"observation_id" uuid NOT NULL,
	"faculty_id" uuid NOT NULL,
	"rubric_item_ids" jsonb NOT NULL,
	"goal" text NOT NULL,
	"actions" text DEFAULT '' NOT NULL,
	"target_date" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "observation_mode" text DEFAULT 'summative' NOT NULL;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "mode" text DEFAULT 'summative' NOT NULL;--> statement-breakpoint
ALTER TABLE "growth_goal_reviews" ADD CONSTRAINT "growth_goal_reviews_goal_id_growth_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."growth_goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_goal_reviews" ADD CONSTRAINT "growth_goal_reviews_observation_id_observations_id_fk" FOREIGN KEY ("observation_id") REFERENCES "public"."observations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_goal_reviews" ADD CONSTRAINT "growth_goal_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_goals" ADD CONSTRAINT "growth_goals_observation_id_observations_id_fk" FOREIGN KEY ("observation_id") REFERENCES "public"."observations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_goals" ADD CONSTRAINT "growth_goals_faculty_id_users_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_goals" ADD CONSTRAINT "growth_goals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "growth_goal_reviews_observation_idx" ON "growth_goal_reviews" USING btree ("observation_id");--> statement-breakpoint
CREATE INDEX "growth_goals_observation_idx" ON "growth_goals" USING btree ("observation_id");--> statement-breakpoint
CREATE INDEX "growth_goals_faculty_idx" ON "growth_goals" USING btree ("faculty_id");--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_observation_mode_check" CHECK ("departments"."observation_mode" in ('summative', 'formative'));--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_mode_check" CHECK ("observations"."mode" in ('summative', 'formative'));--> statement-breakpoint
-- Goals and their reviews travel inside the observation documents (the agreeing one and the reviewing one), so a
-- change to either touches that observation like every other part of it (functions.sql observa_touch_observation).
CREATE TRIGGER growth_goals_touch AFTER INSERT OR DELETE OR UPDATE ON public.growth_goals FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('direct');--> statement-breakpoint
CREATE TRIGGER growth_goal_reviews_touch AFTER INSERT OR DELETE OR UPDATE ON public.growth_goal_reviews FOR EACH ROW EXECUTE FUNCTION observa_touch_observation('direct');
