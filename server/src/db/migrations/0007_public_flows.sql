CREATE TABLE "one_time_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"code_hash" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('register', 'reset-password', 'delete-request'))
);
--> statement-breakpoint
ALTER TABLE "scheduled_actions" DROP CONSTRAINT "scheduled_actions_kind_check";--> statement-breakpoint
DROP INDEX "scheduled_actions_pending_kind_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "notify_owner" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_actions" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_hash_idx" ON "one_time_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "one_time_codes_email_idx" ON "one_time_codes" USING btree ("purpose","email","created_at");--> statement-breakpoint
ALTER TABLE "scheduled_actions" ADD CONSTRAINT "scheduled_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_actions_pending_kind_idx" ON "scheduled_actions" USING btree ("account_id","kind",coalesce("user_id", '')) WHERE "scheduled_actions"."done_at" is null and "scheduled_actions"."canceled_at" is null;--> statement-breakpoint
ALTER TABLE "scheduled_actions" ADD CONSTRAINT "scheduled_actions_kind_check" CHECK ("scheduled_actions"."kind" in ('subscription-cancelation', 'account-deletion', 'user-deletion'));