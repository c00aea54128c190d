-- Issue 38: the SMS channel is two-way. Every text that reaches the bureau's number and every
-- answer to it is recorded (the data archive of the customer whose proved number it is lists
-- them; the sweep removes them after SMS_RECORD_DAYS); a number that sent STOP gets no SMS
-- from the bureau until it sends START; an appointment is reminded once per date.
CREATE TABLE sms_messages (
  id bigserial PRIMARY KEY,
  -- The phone, international without "+" (251 and nine digits, or whatever the operator gave).
  msisdn text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  text text NOT NULL,
  -- What an incoming text asked (case, complaint, stop, start, help, unknown); how it was
  -- answered (replied, limited: the number is past its limit and gets silence).
  command text,
  outcome text,
  -- The answer's incoming text.
  answers bigint REFERENCES sms_messages(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_messages_msisdn ON sms_messages (msisdn, created_at);

CREATE TABLE sms_stopped (
  msisdn text PRIMARY KEY,
  since timestamptz NOT NULL DEFAULT now()
);

-- An answer by SMS belongs to the text it answers: the person may have no account and no complaint.
ALTER TABLE notifications ADD COLUMN sms_message_id bigint REFERENCES sms_messages(id) ON DELETE CASCADE;
ALTER TABLE notifications DROP CONSTRAINT notifications_owner;
ALTER TABLE notifications ADD CONSTRAINT notifications_owner
  CHECK (customer_id IS NOT NULL OR accusation_id IS NOT NULL OR sms_message_id IS NOT NULL) NOT VALID;

-- One reminder per appointment date: a moved date is a new row, a date reminded is never reminded again.
CREATE TABLE appointment_reminders (
  case_id uuid NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  appointment_at timestamptz NOT NULL,
  reminded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (case_id, appointment_at)
);
