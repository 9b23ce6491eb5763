ALTER TYPE "public"."withdrawal_status" ADD VALUE 'paying' BEFORE 'settled';--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "requested_by" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approval_route" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approval_rule" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_pull_payment_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_state" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_txid" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_link" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_id_unique" UNIQUE("payout_id");