-- Every deposit is on the deposit lists: a manual deposit (credited by staff at once) gets its settled deposit row.
INSERT INTO "deposits" ("user_id", "transaction_id", "amount", "currency", "status", "journal_entry_id", "decided_by", "notes", "created_at", "updated_at")
SELECT t."user_id", t."id", t."amount", coalesce(t."payment_method", 'USD'), 'settled', t."journal_entry_id", t."created_by",
       CASE WHEN t."description" = 'Manual deposit (' || coalesce(t."payment_method", 'USD') || ')' THEN '' ELSE t."description" END,
       t."created_at", t."updated_at"
FROM "transactions" t
WHERE t."type" = 'manual_deposit' AND NOT EXISTS (SELECT 1 FROM "deposits" d WHERE d."transaction_id" = t."id");
--> statement-breakpoint
-- A description says what a deposit is, never its status: "awaiting confirmation" outlived every approval.
UPDATE "transactions" SET "description" = left("description", length("description") - length(', awaiting confirmation'))
WHERE "type" = 'deposit' AND "description" LIKE '%, awaiting confirmation';
