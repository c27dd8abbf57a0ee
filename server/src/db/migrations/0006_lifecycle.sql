CREATE TABLE "scheduled_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account_id" text NOT NULL,
	"subscription_id" text,
	"reason" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone,
	"canceled_by" text,
	"done_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "scheduled_actions_kind_check" CHECK ("scheduled_actions"."kind" in ('subscription-cancelation', 'account-deletion')),
	CONSTRAINT "scheduled_actions_reason_check" CHECK ("scheduled_actions"."reason" in ('unpaid', 'owner-request', 'deletion-request'))
);
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_status_check";--> statement-breakpoint
ALTER TABLE "scheduled_actions" ADD CONSTRAINT "scheduled_actions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_actions" ADD CONSTRAINT "scheduled_actions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_actions" ADD CONSTRAINT "scheduled_actions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_actions" ADD CONSTRAINT "scheduled_actions_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_actions_due_idx" ON "scheduled_actions" USING btree ("run_at") WHERE "scheduled_actions"."done_at" is null and "scheduled_actions"."canceled_at" is null;--> statement-breakpoint
CREATE INDEX "scheduled_actions_account_idx" ON "scheduled_actions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_actions_pending_kind_idx" ON "scheduled_actions" USING btree ("account_id","kind") WHERE "scheduled_actions"."done_at" is null and "scheduled_actions"."canceled_at" is null;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_status_check" CHECK ("accounts"."status" in ('active', 'suspended', 'pending_deletion', 'deleted'));