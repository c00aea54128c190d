-- The portal's schema. Reference data carries its texts in the six languages of the portal.

CREATE TABLE divisions (
  id uuid PRIMARY KEY,
  position integer NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'inactive')),
  special text NOT NULL CHECK (special IN ('yes', 'no')),
  name_en text NOT NULL, name_am text NOT NULL, name_or text NOT NULL, name_tg text NOT NULL, name_sm text NOT NULL, name_af text NOT NULL,
  description_en text NOT NULL, description_am text NOT NULL, description_or text NOT NULL,
  description_tg text NOT NULL, description_sm text NOT NULL, description_af text NOT NULL
);

CREATE TABLE directorates (
  id uuid PRIMARY KEY,
  division_id uuid NOT NULL REFERENCES divisions(id),
  position integer NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'inactive')),
  name_en text NOT NULL, name_am text NOT NULL, name_or text NOT NULL, name_tg text NOT NULL, name_sm text NOT NULL, name_af text NOT NULL
);

CREATE TABLE teams (
  id uuid PRIMARY KEY,
  division_id uuid NOT NULL REFERENCES divisions(id),
  position integer NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'inactive')),
  name_en text NOT NULL, name_am text NOT NULL, name_or text NOT NULL, name_tg text NOT NULL, name_sm text NOT NULL, name_af text NOT NULL
);

CREATE TABLE case_lists (
  id uuid PRIMARY KEY,
  division_id uuid NOT NULL REFERENCES divisions(id),
  position integer NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'inactive')),
  time_limit integer NOT NULL CHECK (time_limit > 0),
  case_name_en text NOT NULL, case_name_am text NOT NULL, case_name_or text NOT NULL,
  case_name_tg text NOT NULL, case_name_sm text NOT NULL, case_name_af text NOT NULL
);

CREATE TABLE questions (
  id uuid PRIMARY KEY,
  case_list_id uuid NOT NULL REFERENCES case_lists(id),
  position integer NOT NULL,
  input_type text NOT NULL CHECK (input_type IN ('normal_input', 'text_area', 'select')),
  data_type text NOT NULL CHECK (data_type IN ('string', 'number')),
  is_required text NOT NULL CHECK (is_required IN ('yes', 'no')),
  name_en text NOT NULL, name_am text NOT NULL, name_or text NOT NULL, name_tg text NOT NULL, name_sm text NOT NULL, name_af text NOT NULL
);

CREATE TABLE enum_values (
  id uuid PRIMARY KEY,
  question_id uuid NOT NULL REFERENCES questions(id),
  position integer NOT NULL,
  value_en text NOT NULL, value_am text NOT NULL, value_or text NOT NULL, value_tg text NOT NULL, value_sm text NOT NULL, value_af text NOT NULL
);

CREATE TABLE staff (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,
  firstname text NOT NULL, middlename text NOT NULL, lastname text NOT NULL,
  role text NOT NULL
);

CREATE TABLE customers (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  firstname text NOT NULL, middlename text NOT NULL, lastname text NOT NULL,
  gender text NOT NULL CHECK (gender IN ('Male', 'Female')),
  subcity text NOT NULL, woreda text NOT NULL, house_number text NOT NULL DEFAULT '',
  phone text NOT NULL, house_phone_number text NOT NULL DEFAULT '',
  picture text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  email_verified boolean NOT NULL DEFAULT false,
  preferred_language text NOT NULL DEFAULT 'Am',
  -- Raised by a password reset: every token issued before it stops working.
  token_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE otp_codes (
  customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0
);

CREATE TABLE reset_tokens (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX reset_tokens_customer ON reset_tokens (customer_id);

CREATE TABLE revoked_tokens (
  jti text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

CREATE TABLE case_number_counters (
  prefix text NOT NULL,
  year integer NOT NULL,
  last_value integer NOT NULL,
  PRIMARY KEY (prefix, year)
);

CREATE TABLE cases (
  id uuid PRIMARY KEY,
  case_number text NOT NULL UNIQUE,
  customer_id uuid NOT NULL REFERENCES customers(id),
  division_id uuid NOT NULL REFERENCES divisions(id),
  case_list_id uuid NOT NULL REFERENCES case_lists(id),
  related_case_id uuid REFERENCES cases(id),
  status text NOT NULL CHECK (status IN ('pending', 'ongoing', 'responded', 'verified', 'rejected')),
  remark text,
  attachment text,
  created_at timestamptz NOT NULL DEFAULT now(),
  ongoing_date timestamptz,
  responded_date timestamptz,
  verified_date timestamptz,
  rejected_date timestamptz,
  responded_by uuid REFERENCES staff(id),
  rejected_by uuid REFERENCES staff(id),
  rejection_justification text,
  response_attachment text,
  response_justification text
);
CREATE INDEX cases_customer_created ON cases (customer_id, created_at DESC, id);
CREATE INDEX cases_customer_status ON cases (customer_id, status);

CREATE TABLE case_answers (
  case_id uuid NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  question_id uuid NOT NULL REFERENCES questions(id),
  position integer NOT NULL,
  answer text NOT NULL,
  PRIMARY KEY (case_id, question_id)
);

CREATE TABLE case_schedules (
  id uuid PRIMARY KEY,
  case_id uuid NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  scheduled_by uuid REFERENCES staff(id),
  scheduled_date timestamptz,
  extended_by uuid REFERENCES staff(id),
  extended_date timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_schedules_case ON case_schedules (case_id, created_at);

CREATE TABLE case_history (
  id uuid PRIMARY KEY,
  case_id uuid NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('created', 'status', 'scheduled', 'extended')),
  from_status text,
  to_status text NOT NULL,
  actor_customer_id uuid REFERENCES customers(id),
  actor_staff_id uuid REFERENCES staff(id),
  note text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX case_history_case ON case_history (case_id, created_at);

CREATE TABLE ratings (
  id uuid PRIMARY KEY,
  case_id uuid NOT NULL REFERENCES cases(id),
  customer_id uuid NOT NULL REFERENCES customers(id),
  rate_num integer NOT NULL CHECK (rate_num BETWEEN 1 AND 5),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (case_id, customer_id)
);

CREATE TABLE accusations (
  id uuid PRIMARY KEY,
  tracking_code text NOT NULL UNIQUE,
  name text,
  phone text,
  subject text NOT NULL,
  description text NOT NULL,
  accused_organizational_part text,
  attachment text,
  created_at timestamptz NOT NULL DEFAULT now()
);
