-- Issue 32: a registration of an e-mail that is not yet verified replaces the pending one
-- (details, password, picture), and a code verifies only the registration it was sent for:
-- each registration has its own id, bound into the code's keyed hash. A verified account
-- never changes it. `created_at` of a pending registration is when it was last made, so
-- that a registration never verified is purged a week after (server/customers/housekeeping.ts).
ALTER TABLE customers ADD COLUMN registration_id uuid NOT NULL DEFAULT gen_random_uuid();
CREATE INDEX customers_unverified ON customers (created_at) WHERE NOT email_verified AND deleted_at IS NULL;
