-- Issue 51: an upheld appeal used to overwrite the rejection's reason and who rejected with
-- the appeal decision's note and its author, which the history keeps anyway. Give the cases
-- that were upheld back the reason and the author of their last rejection before the appeal.
UPDATE cases c
SET rejection_justification = r.note, rejected_by = r.actor_staff_id
FROM (
  SELECT DISTINCT ON (h.case_id) h.case_id, h.note, h.actor_staff_id
  FROM case_history h
  WHERE h.action = 'status' AND h.to_status = 'rejected' AND h.from_status IS DISTINCT FROM 'appealed'
  ORDER BY h.case_id, h.created_at DESC, h.id DESC
) r
WHERE r.case_id = c.id AND c.status = 'rejected'
  AND EXISTS (
    SELECT 1 FROM case_history u
    WHERE u.case_id = c.id AND u.action = 'status' AND u.from_status = 'appealed' AND u.to_status = 'rejected'
  );
