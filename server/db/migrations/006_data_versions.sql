-- What a customer's reads depend on, as two counters the session check reads anyway
-- (docs/decisions/0009-read-cache-by-data-version.md): a server process may answer a case
-- read from its memory only while both are what they were when it kept the answer.
-- Triggers raise them in the transaction of the change, whoever writes (the API, the staff
-- command line, an administrator's SQL), so the next request after the commit sees it.

-- Raised by any change to the customer's row, cases, answers, schedules, history or ratings.
ALTER TABLE customers ADD COLUMN data_version bigint NOT NULL DEFAULT 0;

-- Raised by any change to what a case shows by reference: divisions, case types, questions,
-- staff names.
CREATE TABLE reference_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO reference_version (id, version) VALUES (true, 0);

-- Any update of a customer's row raises its counter (unless the update is that raise).
CREATE FUNCTION customer_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.data_version = OLD.data_version THEN
    NEW.data_version := OLD.data_version + 1;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER customers_data_version BEFORE UPDATE ON customers FOR EACH ROW EXECUTE FUNCTION customer_changed();

-- Once per statement, over the rows it changed (`changed`): their customers' counters.
-- TG_ARGV[0] says how a row names its customer: by customer_id, or by case_id.
CREATE FUNCTION customer_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'case_id' THEN
    UPDATE customers SET data_version = data_version + 1
    WHERE id IN (SELECT c.customer_id FROM cases c WHERE c.id IN (SELECT case_id FROM changed));
  ELSE
    UPDATE customers SET data_version = data_version + 1 WHERE id IN (SELECT customer_id FROM changed);
  END IF;
  RETURN NULL;
END
$$;

-- A case never changes owner, so the new rows of an update name the same customers as the old.
CREATE TRIGGER cases_insert AFTER INSERT ON cases REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('customer_id');
CREATE TRIGGER cases_update AFTER UPDATE ON cases REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('customer_id');
CREATE TRIGGER cases_delete AFTER DELETE ON cases REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('customer_id');
CREATE TRIGGER ratings_insert AFTER INSERT ON ratings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('customer_id');
CREATE TRIGGER ratings_update AFTER UPDATE ON ratings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('customer_id');
CREATE TRIGGER ratings_delete AFTER DELETE ON ratings REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('customer_id');
CREATE TRIGGER case_answers_insert AFTER INSERT ON case_answers REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('case_id');
CREATE TRIGGER case_answers_update AFTER UPDATE ON case_answers REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('case_id');
CREATE TRIGGER case_answers_delete AFTER DELETE ON case_answers REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('case_id');
CREATE TRIGGER case_schedules_insert AFTER INSERT ON case_schedules REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('case_id');
CREATE TRIGGER case_schedules_update AFTER UPDATE ON case_schedules REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('case_id');
CREATE TRIGGER case_schedules_delete AFTER DELETE ON case_schedules REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('case_id');
CREATE TRIGGER case_history_insert AFTER INSERT ON case_history REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('case_id');
CREATE TRIGGER case_history_update AFTER UPDATE ON case_history REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('case_id');
CREATE TRIGGER case_history_delete AFTER DELETE ON case_history REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION customer_data_changed('case_id');

CREATE FUNCTION reference_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reference_version SET version = version + 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER divisions_reference AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON divisions FOR EACH STATEMENT EXECUTE FUNCTION reference_changed();
CREATE TRIGGER case_lists_reference AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON case_lists FOR EACH STATEMENT EXECUTE FUNCTION reference_changed();
CREATE TRIGGER questions_reference AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON questions FOR EACH STATEMENT EXECUTE FUNCTION reference_changed();
CREATE TRIGGER staff_reference AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON staff FOR EACH STATEMENT EXECUTE FUNCTION reference_changed();
