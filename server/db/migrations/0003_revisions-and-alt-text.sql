CREATE TABLE "post_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "post_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" varchar(20) NOT NULL,
	"user_id" integer,
	"fields" jsonb NOT NULL,
	CONSTRAINT "post_revisions_reason_known" CHECK ("post_revisions"."reason" in ('create', 'update', 'publish', 'unpublish', 'schedule', 'restore'))
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "image_alts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_revisions_post_id_id_index" ON "post_revisions" USING btree ("post_id","id");--> statement-breakpoint
-- Backfill: every post that exists before revisions starts its history with one 'create' revision of its current fields, by nobody (docs/decisions/032-revisions.md).
INSERT INTO "post_revisions" ("post_id", "created_at", "reason", "user_id", "fields")
SELECT "id", "updated_at", 'create', NULL, jsonb_build_object(
	'title', "title", 'slug', "slug", 'excerpt', "excerpt", 'content', "content",
	'featuredImage', "featured_image", 'images', to_jsonb("images"), 'imageAlts', "image_alts",
	'category', "category", 'tags', to_jsonb("tags"), 'author', "author", 'aiGenerated', "ai_generated",
	'sourceUrl', "source_url", 'sourceTitle', "source_title", 'isPublished', "is_published"
) FROM "blog_posts" ORDER BY "id";
