CREATE TABLE "bulk_downloads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"test_ids" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"estimated_seconds" integer NOT NULL,
	"storage_key" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_downloads_status_check" CHECK ("bulk_downloads"."status" in ('pending', 'processing', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" text PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"type_code" integer NOT NULL,
	"name" text NOT NULL,
	"account_id" text NOT NULL,
	"business_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
CREATE TABLE "seed_photo_stones" (
	"storage_key" text NOT NULL,
	"stone_index" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"radius" double precision NOT NULL,
	"shape" text NOT NULL,
	"stone_type" text NOT NULL,
	CONSTRAINT "seed_photo_stones_storage_key_stone_index_pk" PRIMARY KEY("storage_key","stone_index")
);
--> statement-breakpoint
CREATE TABLE "test_files" (
	"id" text PRIMARY KEY NOT NULL,
	"test_id" text NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"group" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"kind" integer NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_files_type_check" CHECK ("test_files"."type" in ('image', 'document'))
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"device_id" text NOT NULL,
	"business_id" text NOT NULL,
	"account_id" text NOT NULL,
	"created_by" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"notes" jsonb,
	"sku" text DEFAULT '' NOT NULL,
	"customer" text DEFAULT '' NOT NULL,
	"vendor_name" text DEFAULT '' NOT NULL,
	"phone_type" text DEFAULT '' NOT NULL,
	"red_filter_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_copied" boolean DEFAULT false NOT NULL,
	"original_account_id" text,
	"copied_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"shared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_downloads" ADD CONSTRAINT "bulk_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_files" ADD CONSTRAINT "test_files_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_original_account_id_accounts_id_fk" FOREIGN KEY ("original_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_downloads_one_running_per_user_idx" ON "bulk_downloads" USING btree ("user_id") WHERE status in ('pending', 'processing');--> statement-breakpoint
CREATE INDEX "devices_account_id_idx" ON "devices" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "devices_type_code_idx" ON "devices" USING btree ("type_code");--> statement-breakpoint
CREATE INDEX "test_files_test_id_idx" ON "test_files" USING btree ("test_id","kind","group");--> statement-breakpoint
CREATE INDEX "test_files_storage_key_idx" ON "test_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "tests_account_id_date_idx" ON "tests" USING btree ("account_id","date");--> statement-breakpoint
CREATE INDEX "tests_date_idx" ON "tests" USING btree ("date");--> statement-breakpoint
CREATE INDEX "tests_deleted_at_idx" ON "tests" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "tests_device_id_idx" ON "tests" USING btree ("device_id");