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

-- Every journal entry sums to zero, checked at commit so an entry's postings can be inserted one by one.
CREATE FUNCTION check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total numeric;
BEGIN
  SELECT COALESCE(SUM(amount), 0) INTO total FROM postings WHERE entry_id = NEW.entry_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance (sum %)', NEW.entry_id, total USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postings_entry_balanced AFTER INSERT ON postings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_entry_balanced();
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
