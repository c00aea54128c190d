-- Issue 56: USSD sessions are recorded like texts to the bureau's number: the number, the
-- gateway's session, what was typed (every input so far, as the gateway sends it) and the
-- screen it reached. The data archive of the customer whose proved number it is lists them;
-- erasure removes them; the sweep forgets them after SMS_RECORD_DAYS.
CREATE TABLE ussd_sessions (
  id bigserial PRIMARY KEY,
  -- The phone, international without "+" (contract/phone.ts).
  msisdn text NOT NULL,
  -- The gateway's id of the session, and the code dialled.
  session_id text NOT NULL,
  service_code text NOT NULL,
  inputs text NOT NULL DEFAULT '',
  -- The last screen shown (a state of contract/ussd.machine.ts), or `limited` past a limit.
  screen text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (msisdn, session_id)
);
CREATE INDEX ussd_sessions_updated ON ussd_sessions (updated_at);
