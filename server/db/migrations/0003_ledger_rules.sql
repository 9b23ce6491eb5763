-- Ledger rules that must hold whatever code writes to the database (DESIGN.md §4).

-- Platform accounts: one of each, no owner.
INSERT INTO "ledger_accounts" ("user_id", "kind") VALUES
  (NULL, 'external_deposits'), (NULL, 'external_withdrawals'), (NULL, 'interest_expense'), (NULL, 'referral_expense'), (NULL, 'fees');
--> statement-breakpoint

-- Every user gets available, invested and withdrawal_hold accounts when the row is created...
CREATE FUNCTION open_user_ledger_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_accounts (user_id, kind) VALUES (NEW.id, 'available'), (NEW.id, 'invested'), (NEW.id, 'withdrawal_hold');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_open_ledger_accounts AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION open_user_ledger_accounts();
--> statement-breakpoint

-- ...and users who registered before the ledger existed get theirs now.
INSERT INTO ledger_accounts (user_id, kind)
SELECT u.id, k.kind::ledger_account_kind FROM users u CROSS JOIN (VALUES ('available'), ('invested'), ('withdrawal_hold')) AS k(kind);
--> statement-breakpoint

-- Every journal entry sums to zero. An entry's postings are written in one statement (by
-- ledger.post and by the set-based accrual), so one check per statement over the rows it
-- wrote covers every entry at the cost of a single grouped query, however many rows.
CREATE FUNCTION check_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bad bigint;
BEGIN
  SELECT p.entry_id INTO bad FROM postings p
  WHERE p.entry_id IN (SELECT DISTINCT entry_id FROM new_postings)
  GROUP BY p.entry_id HAVING SUM(p.amount) <> 0 OR COUNT(*) < 2 LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance', bad USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER postings_entries_balanced AFTER INSERT ON postings REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION check_entries_balanced();
--> statement-breakpoint

-- References for rows created in bulk by SQL (daily payouts): the same Crockford form as the app's.
CREATE FUNCTION crockford_reference(prefix text, b bytea) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT prefix || '-' || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(b, 0) % 32, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(b, 1) % 32, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(b, 2) % 32, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(b, 3) % 32, 1) || '-' || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(b, 4) % 32, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(b, 5) % 32, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(b, 6) % 32, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(b, 7) % 32, 1) || '-' || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(b, 8) % 32, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(b, 9) % 32, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(b, 10) % 32, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(b, 11) % 32, 1)
$$;
--> statement-breakpoint
CREATE FUNCTION new_reference(prefix text) RETURNS text LANGUAGE sql VOLATILE AS $$
  -- 12 Crockford characters, one per byte of an MD5 of fresh random values (byte mod 32 is
  -- uniform). These references only name a row for the people allowed to see it (every
  -- lookup is authorised), so uniqueness is what matters; the app's own use crypto randomness.
  -- Written as plain expressions so PostgreSQL inlines both functions into the caller.
  SELECT crockford_reference(prefix, decode(md5(random()::text || clock_timestamp()::text || random()::text), 'hex'))
$$;
--> statement-breakpoint

-- The ledger is append-only: a correction is a new entry, never an edit.
CREATE FUNCTION refuse_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
