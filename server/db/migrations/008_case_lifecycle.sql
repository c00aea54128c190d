-- The second half of a case's life (contract/case-lifecycle.machine.ts, ADR 0014): the bureau
-- asks for information, the customer withdraws or appeals a rejection (once). The spec's five
-- statuses keep their meaning; three are added beside them.
ALTER TABLE cases DROP CONSTRAINT cases_status_check;
ALTER TABLE cases ADD CONSTRAINT cases_status_check CHECK (status IN ('pending', 'ongoing', 'info_requested', 'responded', 'verified', 'rejected', 'appealed', 'withdrawn'));
ALTER TABLE cases ADD COLUMN appealed_at timestamptz;
