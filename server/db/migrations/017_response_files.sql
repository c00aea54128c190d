-- Issue 32: a response PDF is served only once a supervisor has verified the case; every
-- request for a file under /Media looks its name up here.
CREATE INDEX cases_response_attachment ON cases (response_attachment) WHERE response_attachment IS NOT NULL;
