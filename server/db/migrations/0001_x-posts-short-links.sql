ALTER TABLE "click_tracking" ADD COLUMN "is_unique" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "click_tracking" ADD COLUMN "referrer_host" varchar(255);--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "short_code" varchar(16) NOT NULL;--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "unique_click_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "bot_click_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "tweet_id" varchar(32);--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "tweet_url" varchar(255);--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "error_message" text;--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "posting_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "click_tracking_repeat_lookup" ON "click_tracking" USING btree ("x_post_id","ip_address","clicked_at");--> statement-breakpoint
CREATE INDEX "click_tracking_ip_retention" ON "click_tracking" USING btree ("clicked_at") WHERE "click_tracking"."ip_address" is not null;--> statement-breakpoint
ALTER TABLE "x_posts" ADD CONSTRAINT "x_posts_short_code_unique" UNIQUE("short_code");--> statement-breakpoint
ALTER TABLE "x_posts" ADD CONSTRAINT "x_posts_status_known" CHECK ("x_posts"."status" in ('draft', 'published', 'failed'));--> statement-breakpoint
ALTER TABLE "x_posts" ADD CONSTRAINT "x_posts_counts_non_negative" CHECK ("x_posts"."click_count" >= 0 and "x_posts"."unique_click_count" >= 0 and "x_posts"."bot_click_count" >= 0);