CREATE TABLE "series_follows" (
	"user_id" integer NOT NULL,
	"volume_id" integer NOT NULL,
	"followed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notify_by_email" boolean DEFAULT true NOT NULL,
	CONSTRAINT "series_follows_user_id_volume_id_pk" PRIMARY KEY("user_id","volume_id")
);
--> statement-breakpoint
ALTER TABLE "series_follows" ADD CONSTRAINT "series_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_follows" ADD CONSTRAINT "series_follows_volume_id_volumes_id_fk" FOREIGN KEY ("volume_id") REFERENCES "public"."volumes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_follows_volume_idx" ON "series_follows" USING btree ("volume_id");