CREATE TYPE "public"."payout_period" AS ENUM('hourly', 'daily', 'weekly', 'monthly');--> statement-breakpoint
ALTER TYPE "public"."ledger_account_kind" ADD VALUE 'retained_principal';--> statement-breakpoint
ALTER TYPE "public"."transaction_type" ADD VALUE 'compound';--> statement-breakpoint
ALTER TYPE "public"."transaction_type" ADD VALUE 'principal_retained';--> statement-breakpoint
ALTER TYPE "public"."transaction_type" ADD VALUE 'exit_fee';--> statement-breakpoint
ALTER TABLE "plans" DROP CONSTRAINT "plans_duration_positive";--> statement-breakpoint
ALTER TABLE "plans" DROP CONSTRAINT "plans_rate_positive";--> statement-breakpoint
ALTER TABLE "plans" RENAME COLUMN "duration_days" TO "term_periods";--> statement-breakpoint
ALTER TABLE "plans" ALTER COLUMN "term_periods" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "payout_period" "payout_period" DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "fixed_payout" bigint;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "capital_returned" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "compound_min_percent" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "compound_max_percent" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "working_days_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "min_lock_periods" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "exit_fee_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "max_active_per_user" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_term_positive" CHECK ("plans"."term_periods" is null or "plans"."term_periods" > 0);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_rate_positive" CHECK ("plans"."interest_rate_bp" > 0 or "plans"."fixed_payout" is not null);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_fixed_payout_positive" CHECK ("plans"."fixed_payout" is null or "plans"."fixed_payout" > 0);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_compound_range" CHECK (("plans"."compound_min_percent" is null and "plans"."compound_max_percent" is null) or (0 <= "plans"."compound_min_percent" and "plans"."compound_min_percent" <= "plans"."compound_max_percent" and "plans"."compound_max_percent" <= 100));--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_lock_nonnegative" CHECK ("plans"."min_lock_periods" >= 0);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_exit_fee_range" CHECK ("plans"."exit_fee_bp" >= 0 and "plans"."exit_fee_bp" <= 10000);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_cap_positive" CHECK ("plans"."max_active_per_user" is null or "plans"."max_active_per_user" > 0);--> statement-breakpoint
ALTER TABLE "investments" DROP CONSTRAINT "investments_paid_days_range";--> statement-breakpoint
ALTER TABLE "investments" RENAME COLUMN "duration_days" TO "term_periods";--> statement-breakpoint
ALTER TABLE "investments" ALTER COLUMN "term_periods" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" RENAME COLUMN "paid_days" TO "paid_periods";--> statement-breakpoint
ALTER TABLE "investments" ALTER COLUMN "total_return" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ALTER COLUMN "end_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "compounded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "payout_period" "payout_period" DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "fixed_payout" bigint;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "capital_returned" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "working_days_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "compound_min_percent" integer;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "compound_max_percent" integer;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "compound_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "principal_cap" bigint;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "min_lock_periods" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "exit_fee_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "last_boundary" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "carry" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "next_payout_at" timestamp with time zone;--> statement-breakpoint
-- Today's investments are daily, fixed-term and paid day k at start + k days: their position says so.
UPDATE "investments" SET
  "principal_cap" = "principal",
  "last_boundary" = "paid_periods",
  "carry" = "paid_periods" * ("total_return" % "term_periods"),
  "next_payout_at" = CASE WHEN "status" = 'running' AND "paid_periods" < "term_periods"
    THEN "start_date" + ("paid_periods" + 1) * interval '24 hours' END;--> statement-breakpoint
ALTER TABLE "investments" ALTER COLUMN "principal_cap" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_compounded_nonnegative" CHECK ("investments"."compounded" >= 0);--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_paid_periods_range" CHECK ("investments"."paid_periods" >= 0 and ("investments"."term_periods" is null or "investments"."paid_periods" <= "investments"."term_periods"));--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_compound_percent_range" CHECK ("investments"."compound_percent" >= 0 and "investments"."compound_percent" <= 100);--> statement-breakpoint
CREATE INDEX "investments_due_idx" ON "investments" USING btree ("next_payout_at") WHERE "investments"."status" = 'running';--> statement-breakpoint
ALTER TABLE "return_updates" ADD COLUMN "compounded" bigint DEFAULT 0 NOT NULL;
