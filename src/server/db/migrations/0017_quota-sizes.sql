ALTER TABLE "evidence_notes" ADD COLUMN "photo_size" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_size" bigint;