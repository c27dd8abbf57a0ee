CREATE TABLE "box_type_settings" (
	"device_type_code" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forced_resets" (
	"id" text PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"user_id" text,
	"device_id" text,
	"phone_brand" text,
	"phone_model" text,
	"phone_os" text,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"picked_up_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"canceled_by" text,
	CONSTRAINT "forced_resets_target_check" CHECK ("forced_resets"."target" in ('user', 'phone', 'phone_model', 'os_version'))
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"theme" text DEFAULT 'light' NOT NULL,
	"sidebar_open" boolean DEFAULT true NOT NULL,
	"rows_per_page" integer DEFAULT 10 NOT NULL,
	"email_notifications" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_theme_check" CHECK ("user_preferences"."theme" in ('light', 'dark'))
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "client" text;--> statement-breakpoint
ALTER TABLE "box_type_settings" ADD CONSTRAINT "box_type_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forced_resets" ADD CONSTRAINT "forced_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forced_resets" ADD CONSTRAINT "forced_resets_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forced_resets" ADD CONSTRAINT "forced_resets_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forced_resets" ADD CONSTRAINT "forced_resets_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forced_resets_pending_idx" ON "forced_resets" USING btree ("created_at") WHERE "forced_resets"."picked_up_at" is null and "forced_resets"."canceled_at" is null;--> statement-breakpoint
CREATE INDEX "activity_log_actor_created_at_idx" ON "activity_log" USING btree ("actor_id","created_at");