-- Issue 32: every message is tied to the account or the complaint it was for, never only to
-- an address or a number: an account's data archive lists its own messages, and its
-- deletion removes them, but never another person's sent to the same number (an anonymous
-- complainant's SMS to a phone that a customer later proved). Mail rows already queued are
-- tied by their address; older SMS rows stay untied until the weekly sweep removes them.
ALTER TABLE notifications ADD COLUMN customer_id uuid REFERENCES customers(id) ON DELETE CASCADE;
ALTER TABLE notifications ADD COLUMN accusation_id uuid REFERENCES accusations(id) ON DELETE CASCADE;
UPDATE notifications n SET customer_id = c.id FROM customers c WHERE n.channel = 'email' AND n.recipient = c.email;
ALTER TABLE notifications ADD CONSTRAINT notifications_owner CHECK (customer_id IS NOT NULL OR accusation_id IS NOT NULL) NOT VALID;
CREATE INDEX notifications_customer ON notifications (customer_id) WHERE customer_id IS NOT NULL;
