CREATE TABLE "activity_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" varchar(64),
	"kind" varchar(40) NOT NULL,
	"object_type" varchar(20),
	"object_id" integer,
	"object_label" varchar(200),
	"detail" varchar(200),
	"ip_hash" varchar(16)
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_at_index" ON "activity_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "activity_log_user_id_at_index" ON "activity_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "activity_log_kind_at_index" ON "activity_log" USING btree ("kind","at");