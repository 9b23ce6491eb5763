-- new_reference as one inlinable expression: the same 12 Crockford characters in groups of
-- four (72 random bits read through base64, each 6-bit character folded onto 32 symbols, so
-- every symbol stays equally likely). The earlier form called crockford_reference, which
-- PostgreSQL could not inline (its argument is used 12 times): 16 µs a call, half the cost
-- of a daily payout's transaction row.
CREATE OR REPLACE FUNCTION new_reference(prefix text) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT prefix || '-' || overlay(overlay(translate(substr(encode(decode(md5(random()::text || clock_timestamp()::text || random()::text), 'hex'), 'base64'), 1, 12),
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
    '0123456789ABCDEFGHJKMNPQRSTVWXYZ0123456789ABCDEFGHJKMNPQRSTVWXYZ') placing '-' from 9 for 0) placing '-' from 5 for 0)
$$;
