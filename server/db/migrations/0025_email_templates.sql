CREATE TABLE "email_template_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_template_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event" text NOT NULL,
	"locale" text NOT NULL,
	"version" integer NOT NULL,
	"subject" text,
	"html" text,
	"text" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_template_versions_version_positive" CHECK ("email_template_versions"."version" > 0),
	CONSTRAINT "email_template_versions_whole_or_reset" CHECK (("email_template_versions"."subject" is null) = ("email_template_versions"."html" is null) and ("email_template_versions"."html" is null) = ("email_template_versions"."text" is null))
);
--> statement-breakpoint
ALTER TABLE "email_template_versions" ADD CONSTRAINT "email_template_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_template_versions_event_locale_version_idx" ON "email_template_versions" USING btree ("event","locale","version");--> statement-breakpoint
-- The history is the table: an edit or a reset is a new version, never a change of an old one.
CREATE FUNCTION email_template_versions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'email_template_versions is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER email_template_versions_no_change BEFORE UPDATE OR DELETE ON email_template_versions FOR EACH ROW EXECUTE FUNCTION email_template_versions_append_only();
