-- Issue 48: a personal file under /Media is sent to its owner's session only, found by the
-- stored name the request asks for (server/cases/repository.ts `ownerOfFile`; the response
-- files have theirs since migration 017).
CREATE INDEX cases_attachment ON cases (attachment) WHERE attachment IS NOT NULL;
CREATE INDEX case_history_attachment ON case_history (attachment) WHERE attachment IS NOT NULL;
CREATE INDEX customers_picture ON customers (picture) WHERE picture IS NOT NULL;
