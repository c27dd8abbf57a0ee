CREATE TABLE "ai_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"test_id" text NOT NULL,
	"group" integer NOT NULL,
	"model" text NOT NULL,
	"model_version" text NOT NULL,
	"device_type" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"triggered_by" text,
	"triggered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "ai_jobs_status_check" CHECK ("ai_jobs"."status" in ('pending', 'in-progress', 'completed', 'failed')),
	CONSTRAINT "ai_jobs_model_check" CHECK ("ai_jobs"."model" in ('RAMI', 'NAOMI', 'YORI')),
	CONSTRAINT "ai_jobs_group_check" CHECK ("ai_jobs"."group" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD CONSTRAINT "ai_jobs_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD CONSTRAINT "ai_jobs_triggered_by_users_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_jobs_latest_idx" ON "ai_jobs" USING btree ("test_id","group","model","triggered_at");--> statement-breakpoint
CREATE INDEX "ai_jobs_unfinished_idx" ON "ai_jobs" USING btree ("triggered_at") WHERE status in ('pending', 'in-progress');