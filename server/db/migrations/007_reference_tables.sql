-- The reference answers are kept in memory too (docs/decisions/0010-session-checks-together.md):
-- every table they read raises the reference version, the directorates and the options of the
-- select questions as well as the tables of migration 006.
CREATE TRIGGER directorates_reference AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON directorates FOR EACH STATEMENT EXECUTE FUNCTION reference_changed();
CREATE TRIGGER enum_values_reference AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON enum_values FOR EACH STATEMENT EXECUTE FUNCTION reference_changed();
