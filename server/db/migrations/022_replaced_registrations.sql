-- Issue 48 (ADR 0029): the registrations a newer one of the same address replaced, for a
-- week, so that a code typed with such a registration's handle is told "someone registered
-- this address since", while a handle that never was one of this address is told what any
-- wrong code is told (a made-up handle learns nothing of whether an address waits).
CREATE TABLE replaced_registrations (
  registration_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  replaced_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX replaced_registrations_at ON replaced_registrations (replaced_at);
