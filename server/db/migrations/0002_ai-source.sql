ALTER TABLE "blog_posts" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "source_title" varchar(255);