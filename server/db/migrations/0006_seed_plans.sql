-- The plan set a fresh install starts with (editable and deletable by an admin; runs once).
INSERT INTO "plans" ("name", "description", "duration_days", "interest_rate_bp", "minimum_investment", "maximum_investment", "best_for", "color", "sort_order") VALUES
  ('Starter', 'A short first step into mining returns: daily payouts for 30 days, principal back at the end.', 30, 600, 10000, 499900, 'First-time investors', 'blue', 1),
  ('Growth', 'Our balanced plan: 60 days of daily payouts from the mining pool, principal back at the end.', 60, 1500, 500000, 2499900, 'Investors building a position', 'purple', 2),
  ('Premium', 'Our longest term for larger positions: 90 days of daily payouts, principal back at the end.', 90, 2700, 2500000, 10000000, 'Experienced investors', 'gold', 3);
