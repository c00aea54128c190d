-- Files moved into their media folder whose rows are not committed yet. A file is recorded
-- here before it is moved, and its row is deleted in the transaction that writes the rows
-- naming the file: a crash in between leaves the row here, and the owning process removes
-- the file when it starts again (server/plugins/storage.ts, recover).
CREATE TABLE pending_files (
  name text PRIMARY KEY,
  area text NOT NULL,
  instance text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pending_files_instance ON pending_files (instance);
