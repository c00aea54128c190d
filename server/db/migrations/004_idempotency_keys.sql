-- The key a client sent with a case application: a retry with the same key answers the
-- case the first try created. Kept a day (the sweep removes older ones).
CREATE TABLE idempotency_keys (
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  key text NOT NULL,
  case_id uuid NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, key)
);
