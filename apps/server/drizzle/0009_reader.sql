CREATE TABLE "issue_page_sets" (
	"issue_id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"page_count" integer NOT NULL,
	"direction" text DEFAULT 'ltr' NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_page_sets_direction_check" CHECK ("issue_page_sets"."direction" in ('ltr', 'rtl')),
	CONSTRAINT "issue_page_sets_page_count_check" CHECK ("issue_page_sets"."page_count" between 1 and 300)
);
--> statement-breakpoint
CREATE TABLE "issue_pages" (
	"issue_id" integer NOT NULL,
	"number" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"placeholder" text NOT NULL,
	CONSTRAINT "issue_pages_issue_id_number_pk" PRIMARY KEY("issue_id","number"),
	CONSTRAINT "issue_pages_number_check" CHECK ("issue_pages"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "reading_progress" (
	"user_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"page" integer NOT NULL,
	"page_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_progress_user_id_issue_id_pk" PRIMARY KEY("user_id","issue_id"),
	CONSTRAINT "reading_progress_page_check" CHECK ("reading_progress"."page" >= 1 and "reading_progress"."page" <= "reading_progress"."page_count")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issue_page_sets" ADD CONSTRAINT "issue_page_sets_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_page_sets" ADD CONSTRAINT "issue_page_sets_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_pages" ADD CONSTRAINT "issue_pages_issue_id_issue_page_sets_issue_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issue_page_sets"("issue_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_progress_user_recent_idx" ON "reading_progress" USING btree ("user_id","updated_at" DESC NULLS LAST);