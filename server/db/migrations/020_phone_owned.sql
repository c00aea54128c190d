-- Issue 48 (ADR 0029): one phone number however it is written, and whose it is.
--
-- `phone_owned_since`: the phone on file unmasks a case (the public lookup, a text to the
-- bureau's number) only once the account's owner is known to have chosen it: the phone of a
-- registration its owner confirmed (with the registration's handle or its password), or a
-- number proven with a code sent to it. NULL: it unmasks nothing. That is the state of an
-- account confirmed by a reset link (its registration may be someone else's) and of one
-- confirmed before this rule, whose code alone proved nothing; those that proved their
-- number by SMS keep it.
--
-- `phone_proven`, `phone_proven_at`: the number proven with a code, as its key (E.164
-- without "+", contract/phone.ts) and when. They replace `phone_verified`, the number as it
-- was typed, compared by its last nine digits (a foreign number with the same nine digits
-- was taken for it). SMS go only to the proven number, its STOP shows only to the account
-- that proved it, and its texts are that account's only since the proof.
ALTER TABLE customers ADD COLUMN phone_owned_since timestamptz;
ALTER TABLE customers ADD COLUMN phone_proven text;
ALTER TABLE customers ADD COLUMN phone_proven_at timestamptz;
-- Until now a code went only to an Ethiopian mobile number: its key is 251 and its nine digits.
UPDATE customers
   SET phone_owned_since = now(),
       phone_proven_at = now(),
       phone_proven = '251' || substring(regexp_replace(phone, '[\s().-]', '', 'g') from '^(?:\+251|00251|251|0)?([79][0-9]{8})$')
 WHERE phone_verified IS NOT NULL AND phone_verified = phone;
ALTER TABLE customers DROP COLUMN phone_verified;
CREATE INDEX customers_phone_proven ON customers (phone_proven) WHERE phone_proven IS NOT NULL;
