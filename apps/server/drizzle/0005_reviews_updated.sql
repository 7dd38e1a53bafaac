DROP INDEX "reviews_issue_id_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Reviews written before this column were last saved when they were posted.
UPDATE "reviews" SET "updated_at" = "created_at";--> statement-breakpoint
CREATE INDEX "reviews_issue_id_updated_at_idx" ON "reviews" USING btree ("issue_id","updated_at");--> statement-breakpoint
CREATE INDEX "reviews_updated_at_idx" ON "reviews" USING btree ("updated_at");