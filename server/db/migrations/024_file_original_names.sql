-- Issue 51: the data archive gives a customer's files back under the names they had on the
-- customer's device. The name a file was sent with, cleaned (no folders, no control
-- characters, at most SENT_FILE_NAME_MAX of contract/limits.ts); NULL for files sent before, which the archive names by
-- what they are. Erased with what the customer wrote when the account is deleted.
ALTER TABLE cases ADD COLUMN attachment_name TEXT;
ALTER TABLE case_history ADD COLUMN attachment_name TEXT;
