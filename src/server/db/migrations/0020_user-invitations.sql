CREATE TABLE "user_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The default New User email said the head of department shares a first password; new users are now invited to
-- set their own through {{link}}. Only the unchanged default is replaced (an edited template is the admins').
UPDATE "email_templates" SET "email" = 'Dear {{name}},<br><br>An Observa account has been created for you with the address {{email}}.<br><br>Set your own password and sign in here: {{link}}<br><br>The link works once, for 7 days.' WHERE "type" = 'CreateUser' AND "email" = 'Dear {{name}},<br><br>An Observa account has been created for you with the address {{email}}. Your head of department will share your first password with you; please change it after signing in.<br><br>Sign in at {{link}}';