CREATE TABLE "telegram_poll_state" (
	"bot" text PRIMARY KEY NOT NULL,
	"next_offset" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_run_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_run_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job" text NOT NULL,
	"trigger" text NOT NULL,
	"triggered_by" bigint,
	"triggered_by_name" text,
	"instance" text NOT NULL,
	"slot" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"affected" integer,
	"error" text,
	CONSTRAINT "job_run_history_slot_when_timed" CHECK (("job_run_history"."trigger" = 'schedule') = ("job_run_history"."slot" is not null))
);
--> statement-breakpoint
-- Hand-written: each job's last success (when that was an earlier run) becomes a history row, then its kept last
-- run (newest by id, as the monitor reads them), so the monitor and the health warnings keep what they knew.
INSERT INTO "job_run_history" ("job", "trigger", "instance", "started_at", "finished_at")
SELECT "name", 'unknown', 'before run history', "last_success_at", "last_success_at"
FROM "job_runs"
WHERE "last_success_at" IS NOT NULL AND ("last_success_at" <> "last_run_at" OR "last_error" IS NOT NULL);--> statement-breakpoint
INSERT INTO "job_run_history" ("job", "trigger", "instance", "started_at", "finished_at", "duration_ms", "affected", "error")
SELECT "name", 'unknown', 'before run history', "last_run_at",
	"last_run_at" + "last_duration_ms" * interval '1 millisecond', "last_duration_ms", "last_affected", "last_error"
FROM "job_runs";--> statement-breakpoint
DROP TABLE "job_runs" CASCADE;--> statement-breakpoint
ALTER TABLE "job_run_history" ADD CONSTRAINT "job_run_history_triggered_by_users_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_run_history_slot_key" ON "job_run_history" USING btree ("job","slot");--> statement-breakpoint
CREATE INDEX "job_run_history_job_id_idx" ON "job_run_history" USING btree ("job","id");--> statement-breakpoint
CREATE INDEX "job_run_history_job_success_idx" ON "job_run_history" USING btree ("job","id") WHERE "job_run_history"."finished_at" is not null and "job_run_history"."error" is null;--> statement-breakpoint
CREATE INDEX "job_run_history_started_idx" ON "job_run_history" USING btree ("started_at");