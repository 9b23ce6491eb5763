CREATE TYPE "public"."kyc_document_type" AS ENUM('passport', 'national_id', 'driving_licence');--> statement-breakpoint
CREATE TYPE "public"."kyc_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"last_duration_ms" integer NOT NULL,
	"last_affected" integer,
	"last_error" text,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"status" "kyc_status" DEFAULT 'pending' NOT NULL,
	"legal_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"country" text NOT NULL,
	"address" text NOT NULL,
	"document_type" "kyc_document_type" NOT NULL,
	"document_number" text NOT NULL,
	"document_number_normalized" text NOT NULL,
	"document_file" text NOT NULL,
	"document_mime" text NOT NULL,
	"selfie_file" text NOT NULL,
	"selfie_mime" text NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_submissions_rejected_has_reason" CHECK ("kyc_submissions"."status" <> 'rejected' or length(coalesce("kyc_submissions"."rejection_reason", '')) > 0)
);
--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_created_idx" ON "kyc_submissions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_submissions_status_created_idx" ON "kyc_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "kyc_submissions_document_number_idx" ON "kyc_submissions" USING btree ("document_number_normalized");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_one_pending_key" ON "kyc_submissions" USING btree ("user_id") WHERE "kyc_submissions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_one_approved_key" ON "kyc_submissions" USING btree ("user_id") WHERE "kyc_submissions"."status" = 'approved';