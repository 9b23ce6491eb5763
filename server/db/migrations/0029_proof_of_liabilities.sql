CREATE TABLE "liability_leaves" (
	"snapshot_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"commitment" text NOT NULL,
	"balance_cents" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "liability_leaves_snapshot_id_position_pk" PRIMARY KEY("snapshot_id","position"),
	CONSTRAINT "liability_leaves_balance_nonnegative" CHECK ("liability_leaves"."balance_cents" >= 0),
	CONSTRAINT "liability_leaves_position_nonnegative" CHECK ("liability_leaves"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "liability_salts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	CONSTRAINT "liability_salts_salt_hex" CHECK ("liability_salts"."salt" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "liability_snapshots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "liability_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"taken_at" timestamp with time zone NOT NULL,
	"root_hash" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"leaf_count" integer NOT NULL,
	"entry_count" bigint NOT NULL,
	CONSTRAINT "liability_snapshots_root_hex" CHECK ("liability_snapshots"."root_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "liability_snapshots_total_nonnegative" CHECK ("liability_snapshots"."total_cents" >= 0),
	CONSTRAINT "liability_snapshots_leaf_count_nonnegative" CHECK ("liability_snapshots"."leaf_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "liability_leaves" ADD CONSTRAINT "liability_leaves_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liability_salts" ADD CONSTRAINT "liability_salts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "liability_leaves_snapshot_user_key" ON "liability_leaves" USING btree ("snapshot_id","user_id");--> statement-breakpoint
-- A user's salt: 32 bytes from PostgreSQL's strong random source. gen_random_uuid() (built in since
-- PostgreSQL 13, no extension, pg_strong_random underneath) gives 122 random bits a call: two of them
-- (244 bits) hashed with SHA-256 make the 32 bytes, far beyond guessing.
CREATE FUNCTION liability_salt() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT encode(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())), 'hex')
$$;--> statement-breakpoint
-- Every user has a salt from the moment the account exists, whichever code creates it, so a
-- snapshot never meets a user without one.
CREATE FUNCTION open_liability_salt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO liability_salts (user_id, salt) VALUES (NEW.id, liability_salt());
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_open_liability_salt AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION open_liability_salt();--> statement-breakpoint
INSERT INTO liability_salts (user_id, salt) SELECT id, liability_salt() FROM users;--> statement-breakpoint
-- A published snapshot, its leaves and the salts its commitments were made from never change:
-- anyone holding an older proof can still verify it.
CREATE FUNCTION refuse_liability_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: a published proof of liabilities never changes', TG_TABLE_NAME USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER liability_snapshots_no_change BEFORE UPDATE OR DELETE ON liability_snapshots FOR EACH ROW EXECUTE FUNCTION refuse_liability_change();--> statement-breakpoint
CREATE TRIGGER liability_leaves_no_change BEFORE UPDATE OR DELETE ON liability_leaves FOR EACH ROW EXECUTE FUNCTION refuse_liability_change();--> statement-breakpoint
-- A salt goes only with its account (the foreign key's cascade); it is never replaced.
CREATE TRIGGER liability_salts_no_change BEFORE UPDATE ON liability_salts FOR EACH ROW EXECUTE FUNCTION refuse_liability_change();
