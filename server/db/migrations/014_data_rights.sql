-- Issue 22: a customer's rights of access and erasure (Proclamation No. 1321/2024).
-- An archive of everything the portal keeps about them, built on request, downloadable once
-- by its owner within a day; the file itself lives in DATA_DIR/private/exports.
CREATE TABLE data_exports (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  file text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  downloaded_at timestamptz
);
CREATE INDEX data_exports_customer ON data_exports (customer_id);

-- Who used which right, and when: the account's id (a random number that names nobody once
-- the account is erased), the action, the time. Nothing personal enters it.
CREATE TABLE data_rights_audit (
  id bigserial PRIMARY KEY,
  subject uuid NOT NULL,
  action text NOT NULL CHECK (action IN ('export_requested', 'export_downloaded', 'account_deleted')),
  at timestamptz NOT NULL DEFAULT now()
);

-- An erased account keeps its row (its cases point to it) with every personal field emptied.
ALTER TABLE customers ADD COLUMN deleted_at timestamptz;
-- A message whose recipient must not be kept once it is sent (the deletion's confirmation).
ALTER TABLE notifications ADD COLUMN forget_recipient boolean NOT NULL DEFAULT false;
-- An erased account's gender is erased too.
ALTER TABLE customers DROP CONSTRAINT customers_gender_check;
ALTER TABLE customers ADD CONSTRAINT customers_gender_check CHECK (gender IN ('Male', 'Female', ''));
