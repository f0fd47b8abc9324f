ALTER TABLE "blog_posts" ADD COLUMN "review_state" varchar(20);--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "review_requested_by" integer;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_review_requested_by_users_id_fk" FOREIGN KEY ("review_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_posts_review_state_review_requested_at_index" ON "blog_posts" USING btree ("review_state","review_requested_at");--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_review_state_known" CHECK ("blog_posts"."review_state" in ('in_review', 'changes_requested'));