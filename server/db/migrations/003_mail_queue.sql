-- Mail waiting to be handed to SMTP. A message is written in the transaction of what
-- caused it, sent by whichever server process claims it first, retried with a growing
-- delay while SMTP fails, and its text erased once sent (codes and links do not linger).
CREATE TABLE mail_queue (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_queue_due ON mail_queue (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
