-- Keeps search_words: every word of every listing title (letters only, lower case, 3 to 40
-- long), which "Did you mean" finds the nearest of by trigram similarity (issue 30,
-- listings.service's searchSuggestion). New listings add their words once per statement (a
-- transition table: the bench's million generated rows are one statement); a changed title adds
-- its new words. Words are never removed: a suggestion is offered only when it finds something.
-- Sorted, so two writers adding the same new words take them in the same order (no deadlock).
--
-- A routine file (server/db/routines.ts): applied after the migrations on every start, so it must
-- stay idempotent (CREATE OR REPLACE only). The migration search_words filled the table once.
CREATE OR REPLACE FUNCTION search_words_of(title text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(title), '[^[:alpha:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40
$$;

CREATE OR REPLACE FUNCTION listings_add_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM new_listings, search_words_of(new_listings.title) AS w ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION listings_add_title_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT w FROM search_words_of(NEW.title) AS w ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER listings_search_words_insert
AFTER INSERT ON listings REFERENCING NEW TABLE AS new_listings
FOR EACH STATEMENT EXECUTE FUNCTION listings_add_search_words();

CREATE OR REPLACE TRIGGER listings_search_words_title
AFTER UPDATE OF title ON listings
FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
EXECUTE FUNCTION listings_add_title_search_words();
