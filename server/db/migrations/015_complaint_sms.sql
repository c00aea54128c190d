-- Issue 22: a complainant who left a mobile number may ask to be told by SMS when the bureau
-- answers, in the language they wrote in; null: not asked.
ALTER TABLE accusations ADD COLUMN notify_lang text;
