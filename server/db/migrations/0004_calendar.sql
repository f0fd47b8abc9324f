ALTER TABLE "x_posts" DROP CONSTRAINT "x_posts_status_known";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "posted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "link_in_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "reply_tweet_id" varchar(32);--> statement-breakpoint
CREATE INDEX "blog_posts_scheduled_at_index" ON "blog_posts" USING btree ("scheduled_at");--> statement-breakpoint
CREATE INDEX "x_posts_scheduled_at_index" ON "x_posts" USING btree ("scheduled_at");--> statement-breakpoint
ALTER TABLE "x_posts" ADD CONSTRAINT "x_posts_status_known" CHECK ("x_posts"."status" in ('draft', 'scheduled', 'published', 'failed'));--> statement-breakpoint
-- X posts already on X before scheduling existed: when they reached X is best known as when they were made.
UPDATE "x_posts" SET "posted_at" = "published_at" WHERE "tweet_id" IS NOT NULL;
