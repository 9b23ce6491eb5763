CREATE TYPE "public"."investment_status" AS ENUM('running', 'ended', 'cancelled');--> statement-breakpoint
CREATE TABLE "investments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"principal" bigint NOT NULL,
	"interest_rate_bp" integer NOT NULL,
	"duration_days" integer NOT NULL,
	"total_return" bigint NOT NULL,
	"paid_days" integer DEFAULT 0 NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"status" "investment_status" DEFAULT 'running' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"journal_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investments_principal_positive" CHECK ("investments"."principal" > 0),
	CONSTRAINT "investments_paid_days_range" CHECK ("investments"."paid_days" >= 0 and "investments"."paid_days" <= "investments"."duration_days")
);
--> statement-breakpoint
CREATE TABLE "return_updates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_updates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"investment_id" bigint NOT NULL,
	"day_index" integer NOT NULL,
	"amount" bigint NOT NULL,
	"payout_date" timestamp with time zone NOT NULL,
	"journal_entry_id" bigint,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_updates_investment_day_key" UNIQUE("investment_id","day_index")
);
--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_updates" ADD CONSTRAINT "return_updates_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_updates" ADD CONSTRAINT "return_updates_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_updates" ADD CONSTRAINT "return_updates_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investments_user_idx" ON "investments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "investments_plan_status_idx" ON "investments" USING btree ("plan_id","status");--> statement-breakpoint
CREATE INDEX "investments_running_idx" ON "investments" USING btree ("id") WHERE "investments"."status" = 'running';--> statement-breakpoint
CREATE INDEX "return_updates_created_idx" ON "return_updates" USING btree ("created_at");