-- Hand-written: "inactive" only ever meant "email not confirmed", which is_email_verified already says.
UPDATE "users" SET "status" = 'active' WHERE "status" = 'inactive';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "status" SET DEFAULT 'active'::text;--> statement-breakpoint
DROP TYPE "public"."user_status";--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('active', 'suspended');--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "status" SET DEFAULT 'active'::"public"."user_status";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "status" SET DATA TYPE "public"."user_status" USING "status"::"public"."user_status";--> statement-breakpoint
ALTER TABLE "activity_logs" ADD COLUMN "kind" text DEFAULT 'action' NOT NULL;--> statement-breakpoint
-- Hand-written: the kinds of the rows written before this column.
UPDATE "activity_logs" SET "kind" = 'page_view' WHERE "action" LIKE 'Visited %';--> statement-breakpoint
UPDATE "activity_logs" SET "kind" = 'security'
  WHERE "action" LIKE 'Logged in%'
     OR "action" IN ('Changed password', 'Reset password', 'Enabled two-factor authentication',
       'Disabled two-factor authentication', 'Regenerated recovery codes', 'Changed payout details', 'Updated profile');
