-- Totals of investments and of user balances, kept exact by triggers like 0026's, for the admin
-- dashboard and the plan figures at an operator's size (bench:scale), and an index to count live users.

CREATE TABLE "investment_totals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investment_totals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"plan_id" bigint NOT NULL,
	"status" "investment_status" NOT NULL,
	"n" bigint NOT NULL,
	"principal" bigint NOT NULL,
	"paid" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_balance_totals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_balance_totals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "investment_totals_plan_status_idx" ON "investment_totals" USING btree ("plan_id","status");--> statement-breakpoint
CREATE INDEX "users_live_created_idx" ON "users" USING btree ("created_at") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "investments_running_user_idx" ON "investments" USING btree ("user_id") WHERE "investments"."status" = 'running';--> statement-breakpoint

-- Investments' totals per plan and status, appended by every statement that writes investments, in
-- its transaction (as 0026 does for transactions): investing, each accrual batch (paid grows),
-- ending and cancelling keep them exact.
CREATE FUNCTION investment_totals_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO investment_totals (plan_id, status, n, principal, paid)
    SELECT plan_id, status, count(*), sum(principal), sum(paid_amount) FROM new_rows GROUP BY plan_id, status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO investment_totals (plan_id, status, n, principal, paid)
    SELECT plan_id, status, -count(*), -sum(principal), -sum(paid_amount) FROM old_rows GROUP BY plan_id, status;
  ELSE
    INSERT INTO investment_totals (plan_id, status, n, principal, paid)
    SELECT plan_id, status, sum(n), sum(principal), sum(paid) FROM (
      SELECT plan_id, status, 1 AS n, principal, paid_amount AS paid FROM new_rows
      UNION ALL SELECT plan_id, status, -1, -principal, -paid_amount FROM old_rows
    ) d GROUP BY plan_id, status HAVING sum(n) <> 0 OR sum(principal) <> 0 OR sum(paid) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER investments_totals_insert AFTER INSERT ON investments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION investment_totals_delta();
--> statement-breakpoint
CREATE TRIGGER investments_totals_update AFTER UPDATE ON investments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION investment_totals_delta();
--> statement-breakpoint
CREATE TRIGGER investments_totals_delete AFTER DELETE ON investments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION investment_totals_delta();
--> statement-breakpoint
INSERT INTO investment_totals (plan_id, status, n, principal, paid)
SELECT plan_id, status, count(*), sum(principal), sum(paid_amount) FROM investments GROUP BY plan_id, status;
--> statement-breakpoint

-- The sum of user accounts' cached balances, changed by each statement that changes them (ledger.post's
-- balance update), in its transaction.
CREATE FUNCTION user_balance_totals_delta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta numeric;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT sum(balance) INTO delta FROM new_rows WHERE user_id IS NOT NULL;
  ELSE
    SELECT coalesce((SELECT sum(balance) FROM new_rows WHERE user_id IS NOT NULL), 0)
         - coalesce((SELECT sum(balance) FROM old_rows WHERE user_id IS NOT NULL), 0) INTO delta;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO user_balance_totals (amount) VALUES (delta);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_balance_insert AFTER INSERT ON ledger_accounts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_balance_totals_delta();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_balance_update AFTER UPDATE ON ledger_accounts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_balance_totals_delta();
--> statement-breakpoint
INSERT INTO user_balance_totals (amount) SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE user_id IS NOT NULL;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION compact_totals() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM transaction_totals RETURNING day, type, status, n, amount)
  INSERT INTO transaction_totals (day, type, status, n, amount)
  SELECT day, type, status, sum(n), sum(amount) FROM gone GROUP BY day, type, status HAVING sum(n) <> 0 OR sum(amount) <> 0;
  WITH gone AS (DELETE FROM row_counts RETURNING table_name, n)
  INSERT INTO row_counts (table_name, n) SELECT table_name, sum(n) FROM gone GROUP BY table_name;
  WITH gone AS (DELETE FROM investment_totals RETURNING plan_id, status, n, principal, paid)
  INSERT INTO investment_totals (plan_id, status, n, principal, paid)
  SELECT plan_id, status, sum(n), sum(principal), sum(paid) FROM gone GROUP BY plan_id, status
  HAVING sum(n) <> 0 OR sum(principal) <> 0 OR sum(paid) <> 0;
  WITH gone AS (DELETE FROM user_balance_totals RETURNING amount)
  INSERT INTO user_balance_totals (amount) SELECT sum(amount) FROM gone HAVING count(*) > 0;
$$;
