CREATE TABLE "channel_connections" (
	"channel" varchar(16) PRIMARY KEY NOT NULL,
	"secrets" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"slots" text[] DEFAULT '{}'::text[] NOT NULL,
	"account" varchar(255),
	"verified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "channel_connections_channel_known" CHECK ("channel_connections"."channel" in ('linkedin', 'bluesky', 'mastodon', 'threads'))
);
--> statement-breakpoint
ALTER TABLE "channel_connections" ADD CONSTRAINT "channel_connections_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;