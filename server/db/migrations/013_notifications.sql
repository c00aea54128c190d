-- Issue 22: one outbox for every channel. The mail queue becomes the notifications table:
-- each row one message to one address on one channel, written in the transaction of what
-- caused it, claimed by any process with SKIP LOCKED per channel (a channel that fails never
-- holds the other back), retried with a growing delay, its text erased once handed over.
ALTER TABLE mail_queue RENAME TO notifications;
ALTER INDEX mail_queue_due RENAME TO notifications_due_email;
ALTER TABLE notifications ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms'));
ALTER TABLE notifications ALTER COLUMN subject DROP NOT NULL;
-- When the operator's last delivery receipt said the SMS reached the phone.
ALTER TABLE notifications ADD COLUMN delivered_at timestamptz;
DROP INDEX notifications_due_email;
CREATE INDEX notifications_due ON notifications (channel, next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

-- The parts of an SMS as the operator accepted them: a retry sends only the parts not yet
-- accepted (with the same concatenation reference), so that a phone gets each part once;
-- delivery receipts are matched by the operator's message id.
CREATE TABLE sms_parts (
  notification_id bigint NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  message_id text NOT NULL,
  receipt text,
  receipt_at timestamptz,
  PRIMARY KEY (notification_id, seq)
);
CREATE INDEX sms_parts_message ON sms_parts (message_id);
ALTER TABLE notifications ADD COLUMN sms_reference integer;

-- The customer's channels, and the phone number's verification (SMS goes only to a number
-- its owner proved, with a code sent to it). preferred_language is the messages' language.
ALTER TABLE customers ADD COLUMN notify_email boolean NOT NULL DEFAULT true;
ALTER TABLE customers ADD COLUMN notify_sms boolean NOT NULL DEFAULT false;
ALTER TABLE customers ADD COLUMN phone_verified text;
CREATE TABLE phone_codes (
  customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  phone text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0
);
