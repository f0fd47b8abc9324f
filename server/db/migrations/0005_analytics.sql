CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_day_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_rollups" (
	"day" date NOT NULL,
	"post_id" integer,
	"x_post_id" integer,
	"source" varchar(253) NOT NULL,
	"device" varchar(10) NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"path" varchar(500) NOT NULL,
	"post_id" integer,
	"referrer_host" varchar(253),
	"utm_source" varchar(100),
	"utm_medium" varchar(100),
	"utm_campaign" varchar(100),
	"x_post_id" integer,
	"device" varchar(10) NOT NULL,
	"visitor_hash" varchar(16) NOT NULL,
	CONSTRAINT "visits_device_known" CHECK ("visits"."device" in ('desktop', 'mobile', 'tablet'))
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "visit_rollups" ADD CONSTRAINT "visit_rollups_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_rollups" ADD CONSTRAINT "visit_rollups_x_post_id_x_posts_id_fk" FOREIGN KEY ("x_post_id") REFERENCES "public"."x_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_x_post_id_x_posts_id_fk" FOREIGN KEY ("x_post_id") REFERENCES "public"."x_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_rollups_day_index" ON "visit_rollups" USING btree ("day");--> statement-breakpoint
CREATE INDEX "visit_rollups_post_id_day_index" ON "visit_rollups" USING btree ("post_id","day");--> statement-breakpoint
CREATE INDEX "visits_visited_at_index" ON "visits" USING btree ("visited_at");--> statement-breakpoint
CREATE INDEX "visits_post_id_visited_at_index" ON "visits" USING btree ("post_id","visited_at");--> statement-breakpoint
CREATE INDEX "visits_x_post_id_visited_at_index" ON "visits" USING btree ("x_post_id","visited_at");