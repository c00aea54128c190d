-- Issue 52 (ADR 0038): an accusation acceptor reviews and answers a complaint, and the bureau
-- keeps who did, as a case's history keeps who took each step. NULL: before this record.
ALTER TABLE accusations ADD COLUMN reviewed_by UUID REFERENCES staff(id);
ALTER TABLE accusations ADD COLUMN answered_by UUID REFERENCES staff(id);
