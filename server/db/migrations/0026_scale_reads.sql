-- Reads at an operator's size (issue 22, `npm run bench:scale`: 100k users, 2M transactions). The plans
-- that showed each cost are in the commit messages; in short: list pages sorted whole tables for want of a
-- (created_at, id) index, staff search scanned every user, and counting or summing millions of rows for
-- a dashboard or a list total took hundreds of milliseconds.

-- Trigram indexes make ILIKE '%term%' an index search. Loaded into PGlite by server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "row_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "row_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"table_name" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_totals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_totals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"type" "transaction_type" NOT NULL,
	"status" "transaction_status" NOT NULL,
	"n" bigint NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "investments_plan_status_idx";--> statement-breakpoint
CREATE INDEX "row_counts_table_idx" ON "row_counts" USING btree ("table_name");--> statement-breakpoint
CREATE INDEX "transaction_totals_type_status_idx" ON "transaction_totals" USING btree ("type","status");--> statement-breakpoint
CREATE INDEX "transaction_totals_day_idx" ON "transaction_totals" USING btree ("day");--> statement-breakpoint
CREATE INDEX "users_user_name_trgm_idx" ON "users" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "investments_plan_status_principal_idx" ON "investments" USING btree ("plan_id","status","principal");--> statement-breakpoint
CREATE INDEX "investments_running_plan_user_idx" ON "investments" USING btree ("plan_id","user_id") WHERE "investments"."status" = 'running';--> statement-breakpoint
CREATE INDEX "investments_created_id_idx" ON "investments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "return_updates_payout_idx" ON "return_updates" USING btree ("payout_date","id","amount");--> statement-breakpoint
CREATE INDEX "deposits_created_id_idx" ON "deposits" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_created_id_idx" ON "withdrawals" USING btree ("created_at","id");--> statement-breakpoint

-- Transaction totals per UTC day, type and status, exact: every statement that inserts, updates or deletes
-- transactions appends its deltas in the same transaction (a money movement and its totals commit
-- together). Only appended, never updated in place, so concurrent movements never wait on a shared row.
CREATE FUNCTION transaction_totals_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_totals (day, type, status, n, amount)
    SELECT (created_at AT TIME ZONE 'UTC')::date, type, status, count(*), sum(amount) FROM new_rows GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_totals (day, type, status, n, amount)
    SELECT (created_at AT TIME ZONE 'UTC')::date, type, status, -count(*), -sum(amount) FROM old_rows GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO transaction_totals (day, type, status, n, amount)
    SELECT day, type, status, sum(n), sum(amount) FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, type, status, 1 AS n, amount FROM new_rows
      UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, type, status, -1, -amount FROM old_rows
    ) d GROUP BY day, type, status HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_totals_insert AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_delta();
--> statement-breakpoint
CREATE TRIGGER transactions_totals_update AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_delta();
--> statement-breakpoint
CREATE TRIGGER transactions_totals_delete AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_delta();
--> statement-breakpoint
INSERT INTO transaction_totals (day, type, status, n, amount) SELECT (created_at AT TIME ZONE 'UTC')::date, type, status, count(*), sum(amount) FROM transactions GROUP BY 1, 2, 3;
--> statement-breakpoint

-- Row counts of activity_logs and return_updates, the same way.
CREATE FUNCTION row_counts_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (table_name, n) SELECT TG_TABLE_NAME, count(*) FROM new_rows HAVING count(*) > 0;
  ELSE
    INSERT INTO row_counts (table_name, n) SELECT TG_TABLE_NAME, -count(*) FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_logs_count_insert AFTER INSERT ON activity_logs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_delta();
--> statement-breakpoint
CREATE TRIGGER activity_logs_count_delete AFTER DELETE ON activity_logs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_delta();
--> statement-breakpoint
CREATE TRIGGER return_updates_count_insert AFTER INSERT ON return_updates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_delta();
--> statement-breakpoint
CREATE TRIGGER return_updates_count_delete AFTER DELETE ON return_updates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_delta();
--> statement-breakpoint
INSERT INTO row_counts (table_name, n) SELECT 'activity_logs', count(*) FROM activity_logs;
--> statement-breakpoint
INSERT INTO row_counts (table_name, n) SELECT 'return_updates', count(*) FROM return_updates;
--> statement-breakpoint

-- Folds the appended deltas into one row per group (the totals-compaction job). One statement per
-- table: the rows it deletes are exactly the ones it sums, so a reader sees the same totals before and
-- after, and deltas appended meanwhile stay for the next run.
CREATE FUNCTION compact_totals() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM transaction_totals RETURNING day, type, status, n, amount)
  INSERT INTO transaction_totals (day, type, status, n, amount)
  SELECT day, type, status, sum(n), sum(amount) FROM gone GROUP BY day, type, status HAVING sum(n) <> 0 OR sum(amount) <> 0;
  WITH gone AS (DELETE FROM row_counts RETURNING table_name, n)
  INSERT INTO row_counts (table_name, n) SELECT table_name, sum(n) FROM gone GROUP BY table_name;
$$;
