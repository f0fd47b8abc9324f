ALTER TABLE "x_posts" ADD COLUMN "channel" varchar(16) DEFAULT 'x' NOT NULL;--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "remote_id" varchar(500);--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "remote_url" varchar(500);--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "posted_parts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "as_thread" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "x_posts" ADD COLUMN "link_at" varchar(8) DEFAULT 'last' NOT NULL;--> statement-breakpoint
ALTER TABLE "x_posts" ADD CONSTRAINT "x_posts_channel_known" CHECK ("x_posts"."channel" in ('x', 'linkedin', 'bluesky', 'mastodon', 'threads'));--> statement-breakpoint
ALTER TABLE "x_posts" ADD CONSTRAINT "x_posts_link_at_known" CHECK ("x_posts"."link_at" in ('first', 'last'));