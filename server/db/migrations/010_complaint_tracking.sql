-- A complaint is followed by its tracking code (issue 19): received, under review, answered,
-- with the bureau's answer and perhaps a PDF. Nothing here names the complainant.
ALTER TABLE accusations ADD COLUMN status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'under_review', 'answered'));
ALTER TABLE accusations ADD COLUMN reviewed_at timestamptz;
ALTER TABLE accusations ADD COLUMN answered_at timestamptz;
ALTER TABLE accusations ADD COLUMN answer text;
ALTER TABLE accusations ADD COLUMN answer_file text;
