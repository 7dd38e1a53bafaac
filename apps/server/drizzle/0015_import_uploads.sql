ALTER TYPE "public"."import_file_status" ADD VALUE 'uploading' BEFORE 'queued';--> statement-breakpoint
ALTER TABLE "import_files" ALTER COLUMN "location" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "import_files" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_location_check" CHECK ("import_files"."status"::text in ('uploading', 'failed') or "import_files"."location" is not null);