ALTER TABLE "users" ADD COLUMN "bio" varchar(300);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar" varchar(2048);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "slug" varchar(100);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_slug_unique" UNIQUE("slug");--> statement-breakpoint
-- Existing staff get a slug from their name (or username), so their author pages exist at once;
-- a name taken twice gets the account's id after it, unless even that is taken (then none: the
-- profile screen sets one). Two statements, so the second sees the first's slugs.
WITH s AS (
	SELECT "id", "b", row_number() OVER (PARTITION BY "b" ORDER BY "id") AS "n" FROM (
		SELECT "id", coalesce(nullif(trim(BOTH '-' FROM left(regexp_replace(lower(coalesce(nullif(trim("name"), ''), split_part("username", '@', 1))), '[^a-z0-9]+', '-', 'g'), 80)), ''), 'author') AS "b"
		FROM "users"
	) AS "derived"
)
UPDATE "users" SET "slug" = s."b" FROM s WHERE s."id" = "users"."id" AND s."n" = 1;--> statement-breakpoint
WITH s AS (
	SELECT "id", "b", row_number() OVER (PARTITION BY "b" ORDER BY "id") AS "n" FROM (
		SELECT "id", coalesce(nullif(trim(BOTH '-' FROM left(regexp_replace(lower(coalesce(nullif(trim("name"), ''), split_part("username", '@', 1))), '[^a-z0-9]+', '-', 'g'), 80)), ''), 'author') AS "b"
		FROM "users"
	) AS "derived"
)
UPDATE "users" SET "slug" = s."b" || '-' || "users"."id" FROM s
	WHERE s."id" = "users"."id" AND s."n" > 1
	AND NOT EXISTS (SELECT 1 FROM "users" "taken" WHERE "taken"."slug" = s."b" || '-' || "users"."id");
