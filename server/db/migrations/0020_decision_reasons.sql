ALTER TABLE "deposits" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_reference" text;