ALTER TABLE "staff_invitations" ADD COLUMN "mail_state" varchar(10);--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "mail_token" text;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "mail_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "mail_error" text;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_mail_state_known" CHECK ("staff_invitations"."mail_state" in ('queued', 'sent', 'failed'));