CREATE TABLE "newsletter_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "newsletter_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"newsletter_id" integer NOT NULL,
	"subscriber_id" integer,
	"state" varchar(8) DEFAULT 'queued' NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_job" text,
	"tries" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletter_deliveries_once" UNIQUE("newsletter_id","subscriber_id"),
	CONSTRAINT "newsletter_deliveries_state_known" CHECK ("newsletter_deliveries"."state" in ('queued', 'sent', 'failed', 'bounced'))
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "newsletters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_id" integer NOT NULL,
	"subject" varchar(200) NOT NULL,
	"preheader" varchar(200) DEFAULT '' NOT NULL,
	"state" varchar(10) DEFAULT 'scheduled' NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"short_code" varchar(16) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "newsletters_short_code_unique" UNIQUE("short_code"),
	CONSTRAINT "newsletters_state_known" CHECK ("newsletters"."state" in ('scheduled', 'sending', 'sent', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_queued" ON "newsletter_deliveries" USING btree ("newsletter_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletters_one_per_post" ON "newsletters" USING btree ("post_id") WHERE "newsletters"."state" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "newsletters_state_send_at_index" ON "newsletters" USING btree ("state","send_at");