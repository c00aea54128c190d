-- Issue 48 (ADR 0029): one phone number however it is written, and whose it is.
--
-- `phone_owned_since`: the phone on file unmasks a case (the public lookup, a text to the
-- bureau's number) only once the account's owner is known to have chosen it: the phone of a
-- registration its owner confirmed (with the registration's handle or its password), or a
-- number proven with a code sent to it. NULL: it unmasks nothing. That is the state of an
-- account confirmed by a reset link (its registration may be someone else's), of one
-- confirmed before this rule, whose code alone proved nothing, and of one whose number
-- another account proved since (a number given to someone new); those that proved their
-- number by SMS keep it.
--
-- `phone_proofs`: each number an account proved with a code, as its key (E.164 without "+",
-- contract/phone.ts), from when, and until when (another account proved it, or the account
-- moved to another number). One account at a time holds a number: SMS go to it, its STOP
-- shows to it, and the texts between the bureau and the number are that account's while it
-- held it (its archive, its erasure). They replace `phone_verified`, the number as it was
-- typed, compared by its last nine digits (a foreign number with the same nine digits was
-- taken for it, and two accounts could hold one number).
ALTER TABLE customers ADD COLUMN phone_owned_since timestamptz;
CREATE TABLE phone_proofs (
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  msisdn text NOT NULL,
  proven_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
CREATE INDEX phone_proofs_customer ON phone_proofs (customer_id);
CREATE UNIQUE INDEX phone_proofs_held ON phone_proofs (msisdn) WHERE ended_at IS NULL;
-- Until now a code went only to an Ethiopian mobile number: its key is 251 and its nine digits.
-- Of two accounts that proved one number, the latest made holds it.
INSERT INTO phone_proofs (customer_id, msisdn, proven_at, ended_at)
SELECT id, msisdn, now(), CASE WHEN row_number() OVER (PARTITION BY msisdn ORDER BY created_at DESC, id) = 1 THEN NULL ELSE now() END
  FROM (SELECT id, created_at,
               '251' || substring(regexp_replace(phone, '[\s().-]', '', 'g') from '^(?:\+251|00251|251|0)?([79][0-9]{8})$') AS msisdn
          FROM customers WHERE phone_verified IS NOT NULL AND phone_verified = phone AND deleted_at IS NULL) proven
 WHERE msisdn IS NOT NULL;
UPDATE customers SET phone_owned_since = now()
 WHERE id IN (SELECT customer_id FROM phone_proofs WHERE ended_at IS NULL);
ALTER TABLE customers DROP COLUMN phone_verified;
