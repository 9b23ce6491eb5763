-- Row count of notifications, kept in row_counts by statement triggers like activity_logs' (0026):
-- the staff notices list's total reads a few delta rows instead of counting every notice.
CREATE TRIGGER notifications_count_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_delta();
--> statement-breakpoint
CREATE TRIGGER notifications_count_delete AFTER DELETE ON notifications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_delta();
--> statement-breakpoint
INSERT INTO row_counts (table_name, n) SELECT 'notifications', count(*) FROM notifications;
