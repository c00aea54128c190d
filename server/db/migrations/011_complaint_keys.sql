-- The key a client sent with a complaint (a retry, or one kept offline and sent later by the
-- page or its service worker): a second try with the same key answers the tracking code the
-- first one made. A random value from the client; nothing of the complainant.
ALTER TABLE accusations ADD COLUMN idempotency_key text UNIQUE;
