CREATE TABLE "rubric_defaults" (
	"department_id" integer PRIMARY KEY NOT NULL,
	"rubric_id" uuid NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rubric_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rubric_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scale" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rubrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"department_id" integer,
	"institution_default" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rubric_items" ADD COLUMN "rubric_version_id" uuid;--> statement-breakpoint
ALTER TABLE "rubric_items" ADD COLUMN "group_title" text;--> statement-breakpoint
ALTER TABLE "rubric_items" ADD COLUMN "group_position" integer;--> statement-breakpoint
ALTER TABLE "rubric_items" ADD COLUMN "item_code" text;--> statement-breakpoint
ALTER TABLE "rubric_items" ADD COLUMN "guidance" text;--> statement-breakpoint
ALTER TABLE "rubric_items" ADD COLUMN "descriptors" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The 20 items that exist become version 1 of the seeded institution rubric "SPEC rubric" (published, the
-- institution default; SPEC §9's scale 0–4), and every observation is scored on it. A new database has no items
-- yet: seed/base.ts creates the same rubric there (src/server/db/schema.ts SPEC_RUBRIC_ID, SPEC_RUBRIC_VERSION_ID).
INSERT INTO "rubrics" ("id", "name", "department_id", "institution_default")
SELECT '5bec0000-0000-4000-8000-000000000001', 'SPEC rubric', NULL, true WHERE EXISTS (SELECT 1 FROM "rubric_items");--> statement-breakpoint
INSERT INTO "rubric_versions" ("id", "rubric_id", "number", "status", "scale", "published_at")
SELECT '5bec0000-0000-4000-8000-000000000002', '5bec0000-0000-4000-8000-000000000001', 1, 'published',
       '[{"value":0,"label":"Not Demonstrating"},{"value":1,"label":"Limiting"},{"value":2,"label":"Developing"},{"value":3,"label":"Applying"},{"value":4,"label":"Innovating"}]'::jsonb,
       now()
 WHERE EXISTS (SELECT 1 FROM "rubric_items");--> statement-breakpoint
UPDATE "rubric_items" SET
  "rubric_version_id" = '5bec0000-0000-4000-8000-000000000002',
  "group_title" = CASE "code" WHEN '1-A' THEN 'Knowledge of Content' WHEN '1-B' THEN 'Knowledge of Pedagogy'
                              WHEN '1-C' THEN 'Student Assessment' WHEN '1-D' THEN 'Learning Environment' ELSE "code" END,
  "group_position" = CASE "code" WHEN '1-A' THEN 1 WHEN '1-B' THEN 2 WHEN '1-C' THEN 3 WHEN '1-D' THEN 4 ELSE 5 END,
  "item_code" = "code" || '.' || "position";--> statement-breakpoint
ALTER TABLE "rubric_items" ALTER COLUMN "rubric_version_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rubric_items" ALTER COLUMN "group_title" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rubric_items" ALTER COLUMN "group_position" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rubric_items" ALTER COLUMN "item_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "rubric_version_id" uuid DEFAULT '5bec0000-0000-4000-8000-000000000002'::uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "rubric_defaults" ADD CONSTRAINT "rubric_defaults_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_defaults" ADD CONSTRAINT "rubric_defaults_rubric_id_rubrics_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."rubrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_defaults" ADD CONSTRAINT "rubric_defaults_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_versions" ADD CONSTRAINT "rubric_versions_rubric_id_rubrics_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."rubrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_versions" ADD CONSTRAINT "rubric_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rubric_versions_rubric_number_key" ON "rubric_versions" USING btree ("rubric_id","number");--> statement-breakpoint
CREATE INDEX "rubrics_department_idx" ON "rubrics" USING btree ("department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rubrics_institution_default_key" ON "rubrics" USING btree ("institution_default") WHERE "rubrics"."institution_default";--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_rubric_version_id_rubric_versions_id_fk" FOREIGN KEY ("rubric_version_id") REFERENCES "public"."rubric_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_items" ADD CONSTRAINT "rubric_items_rubric_version_id_rubric_versions_id_fk" FOREIGN KEY ("rubric_version_id") REFERENCES "public"."rubric_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rubric_items_version_idx" ON "rubric_items" USING btree ("rubric_version_id","group_position","position");--> statement-breakpoint
CREATE UNIQUE INDEX "rubric_items_version_item_code_key" ON "rubric_items" USING btree ("rubric_version_id","item_code");;--> statement-breakpoint
-- Synced tables: a version on insert and on the first update in a transaction (migration 0016).
CREATE TRIGGER rubrics_bump_version BEFORE INSERT ON rubrics FOR EACH ROW EXECUTE FUNCTION observa_bump_version();--> statement-breakpoint
CREATE TRIGGER rubrics_bump_version_on_update BEFORE UPDATE ON rubrics FOR EACH ROW WHEN (OLD.xmin <> pg_current_xact_id()::xid) EXECUTE FUNCTION observa_bump_version();--> statement-breakpoint
CREATE TRIGGER rubric_versions_bump_version BEFORE INSERT ON rubric_versions FOR EACH ROW EXECUTE FUNCTION observa_bump_version();--> statement-breakpoint
CREATE TRIGGER rubric_versions_bump_version_on_update BEFORE UPDATE ON rubric_versions FOR EACH ROW WHEN (OLD.xmin <> pg_current_xact_id()::xid) EXECUTE FUNCTION observa_bump_version();--> statement-breakpoint
-- A published version never changes (services/rubrics/ checks first; this is the database's refusal whatever
-- writes): its items can be neither added, changed nor removed; its scale, number and rubric stay; it may only be
-- retired; a published or retired version is never deleted. SQLSTATE 23514 (check_violation).
CREATE FUNCTION observa_rubric_version_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'rubric version % is %: it cannot be deleted', OLD.id, OLD.status USING ERRCODE = '23514';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status <> 'draft' AND (NEW.scale IS DISTINCT FROM OLD.scale OR NEW.rubric_id <> OLD.rubric_id OR NEW.number <> OLD.number
      OR NEW.published_at IS DISTINCT FROM OLD.published_at OR NOT (NEW.status = OLD.status OR (OLD.status = 'published' AND NEW.status = 'retired'))) THEN
    RAISE EXCEPTION 'rubric version % is %: it cannot change', OLD.id, OLD.status USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION observa_rubric_items_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND EXISTS (SELECT 1 FROM rubric_versions v WHERE v.id = OLD.rubric_version_id AND v.status <> 'draft') THEN
    RAISE EXCEPTION 'rubric version % is not a draft: its items cannot change', OLD.rubric_version_id USING ERRCODE = '23514';
  END IF;
  IF TG_OP <> 'DELETE' AND EXISTS (SELECT 1 FROM rubric_versions v WHERE v.id = NEW.rubric_version_id AND v.status <> 'draft') THEN
    RAISE EXCEPTION 'rubric version % is not a draft: its items cannot change', NEW.rubric_version_id USING ERRCODE = '23514';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER rubric_versions_frozen BEFORE UPDATE OR DELETE ON rubric_versions FOR EACH ROW EXECUTE FUNCTION observa_rubric_version_frozen();--> statement-breakpoint
CREATE TRIGGER rubric_items_frozen BEFORE INSERT OR UPDATE OR DELETE ON rubric_items FOR EACH ROW EXECUTE FUNCTION observa_rubric_items_frozen();
