ALTER TABLE "bulk_downloads" ADD COLUMN "size" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_size" bigint;