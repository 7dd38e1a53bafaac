CREATE TYPE "public"."account_origin" AS ENUM('signup', 'google', 'development', 'admin', 'demo');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "origin" "account_origin" DEFAULT 'signup' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Existing accounts: the development provider's subjects start with 'dev-'. One that also has a
-- password was linked by the old e-mail linking, which is exactly the door being closed: unlink it.
UPDATE "users" SET "google_subject" = NULL WHERE "google_subject" LIKE 'dev-%' AND "password_hash" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "origin" = 'development' WHERE "google_subject" LIKE 'dev-%' AND "password_hash" IS NULL;--> statement-breakpoint
UPDATE "users" SET "origin" = 'google' WHERE "google_subject" IS NOT NULL AND "password_hash" IS NULL AND "origin" = 'signup';--> statement-breakpoint
UPDATE "users" SET "email_verified_at" = now() WHERE "google_subject" IS NOT NULL AND "google_subject" NOT LIKE 'dev-%';--> statement-breakpoint
UPDATE "users" SET "origin" = 'demo' WHERE lower("email") IN ('admin@example.com', 'user@example.com') AND "origin" = 'signup';
