-- The case lifecycle's transitions counted over the last days (/flows, `npm run staff --
-- flow-report`): read by time across all cases, which the (case_id, created_at) index cannot serve.
CREATE INDEX case_history_created ON case_history (created_at);
