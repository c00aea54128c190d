-- Issue 51: staff are named in Latin letters in an Amharic history. Their names in Ethiopic
-- script, shown to a reader of Amharic or Tigrinya (NULL: the Latin name is shown).
ALTER TABLE staff ADD COLUMN firstname_am TEXT;
ALTER TABLE staff ADD COLUMN middlename_am TEXT;
ALTER TABLE staff ADD COLUMN lastname_am TEXT;
-- The demo's staff (server/seed/reference-data.ts), where a portal was seeded before.
UPDATE staff SET firstname_am = 'መሰረት', middlename_am = 'አለሙ', lastname_am = 'በቀለ' WHERE email = 'handler@housing.example.et';
UPDATE staff SET firstname_am = 'ዳዊት', middlename_am = 'ሃይሌ', lastname_am = 'ገብረማርያም' WHERE email = 'supervisor@housing.example.et';
UPDATE staff SET firstname_am = 'ህይወት', middlename_am = 'ታደሰ', lastname_am = 'ወርቁ' WHERE email = 'registrar@housing.example.et';
