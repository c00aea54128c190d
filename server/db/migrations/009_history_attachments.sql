-- A customer's step on their case (an answer to a request for information, an appeal) may
-- carry a PDF; its history entry names it (contract/case-lifecycle.machine.ts, ADR 0014).
ALTER TABLE case_history ADD COLUMN attachment text;
