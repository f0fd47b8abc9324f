ALTER TABLE "post_revisions" DROP CONSTRAINT "post_revisions_reason_known";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "focus_keyword" varchar(100);--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_reason_known" CHECK ("post_revisions"."reason" in ('create', 'update', 'publish', 'unpublish', 'schedule', 'restore', 'autosave'));