-- Issue 30 at 1,000,000 listings (decision 0018, "The word signature"): Best Match of a common word
-- read about 4,400 listings from the table to find its 200 newest matches, most of them only to
-- learn they do not hold the word. Generated (the column), then hand-edited:
-- * search_signature(tsvector): 512 bits, two set per word (search_word_bits: two 16-bit slices of
--   the word's md5 pick them, in one expression so that it is inlined; md5, not hashtext, so a new
--   server version never changes what a stored signature means). Two bits of 512 rather than one of 256: with one bit, a common word's
--   bit was shared with another frequent word often enough to let a fifth of all listings through;
-- * search_query_signature(tsquery): the bits of the words every match must hold, or no bits when
--   the query has OR, NOT or a prefix (then the signature rules nothing out);
-- * these functions are here, not in the routines applied on every start: the stored column means
--   what they computed, so changing them takes a migration that computes it again. Their bodies are
--   SQL-standard (RETURN, BEGIN ATOMIC), parsed when created: pg_restore runs with an empty
--   search_path, where a body kept as text could not find search_word_bits;
-- * the column, generated from the same expression as search_vector;
-- * the newest-first walks of all open listings and of a category or subcategory are rebuilt with
--   search_sig in their INCLUDE (drizzle cannot say INCLUDE), so that the walk tests it without
--   reading the table;
-- * autovacuum sooner on listings: the test runs inside the index only on pages the visibility map
--   marks all-visible, and the newest listings (the ones the walk reads) are the latest written.
-- Adding the column rewrites listings under an exclusive lock: 415 s at 1,000,000 listings on a
-- machine at load 25; an operator at that size runs it in a quiet hour.
CREATE OR REPLACE FUNCTION search_word_bits(word text) RETURNS bit(512)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN set_bit(set_bit(repeat('0', 512)::bit(512),
      ('x' || substr(md5(word), 1, 4))::bit(16)::int % 512, 1),
    ('x' || substr(md5(word), 5, 4))::bit(16)::int % 512, 1);--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_signature(v tsvector) RETURNS bit(512)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  BEGIN ATOMIC
    SELECT coalesce(bit_or(search_word_bits(w)), repeat('0', 512)::bit(512))
    FROM unnest(tsvector_to_array(v)) AS w;
  END;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_query_signature(q tsquery) RETURNS bit(512)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  BEGIN ATOMIC
    SELECT CASE WHEN q::text ~ '[|!*]' THEN repeat('0', 512)::bit(512) ELSE coalesce((
      SELECT bit_or(search_word_bits(replace(m[1], '''''', '''')))
      FROM regexp_matches(q::text, '''((?:[^'']|'''')*)''', 'g') AS m), repeat('0', 512)::bit(512)) END;
  END;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_sig" bit(512) GENERATED ALWAYS AS (search_signature(setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B'))) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "listings_open_created_idx";--> statement-breakpoint
CREATE INDEX "listings_open_created_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST,"id") INCLUDE ("kind", "auction_ends_at", "territory_id", "handling_days", "ship_same_service", "ship_caribbean_service", "search_sig") WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
DROP INDEX IF EXISTS "listings_open_category_idx";--> statement-breakpoint
CREATE INDEX "listings_open_category_idx" ON "listings" USING btree ("category_id","created_at" DESC NULLS FIRST,"id") INCLUDE ("kind", "auction_ends_at", "territory_id", "handling_days", "ship_same_service", "ship_caribbean_service", "search_sig") WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
DROP INDEX IF EXISTS "listings_open_subcategory_idx";--> statement-breakpoint
CREATE INDEX "listings_open_subcategory_idx" ON "listings" USING btree ("subcategory_id","created_at" DESC NULLS FIRST,"id") INCLUDE ("kind", "auction_ends_at", "territory_id", "handling_days", "ship_same_service", "ship_caribbean_service", "search_sig") WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
ALTER TABLE "listings" SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.02);--> statement-breakpoint
ANALYZE "listings";
