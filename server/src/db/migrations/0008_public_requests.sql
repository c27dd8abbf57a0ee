CREATE TABLE "public_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "public_requests_email_idx" ON "public_requests" USING btree ("action","email","created_at");--> statement-breakpoint
CREATE INDEX "public_requests_ip_idx" ON "public_requests" USING btree ("action","ip","created_at");--> statement-breakpoint
CREATE INDEX "public_requests_created_at_idx" ON "public_requests" USING btree ("created_at");