-- new_reference becomes the only source of reference numbers: rows written one at a time use
-- it as well as the accrual's bulk payouts. Its bits now come from gen_random_uuid (PostgreSQL's
-- cryptographic random source, 122 random bits, hashed so every character is uniform), where
-- random() was a fast but predictable generator, so a reference stays unguessable wherever it
-- is shown (a deposit's goes to the payment processor and into the order page's address).
-- Still one inlinable expression: 12 Crockford characters in groups of four.
CREATE OR REPLACE FUNCTION new_reference(prefix text) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT prefix || '-' || overlay(overlay(translate(substr(encode(decode(md5(gen_random_uuid()::text), 'hex'), 'base64'), 1, 12),
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
    '0123456789ABCDEFGHJKMNPQRSTVWXYZ0123456789ABCDEFGHJKMNPQRSTVWXYZ') placing '-' from 9 for 0) placing '-' from 5 for 0)
$$;
