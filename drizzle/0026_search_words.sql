CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "listings_description_trgm_idx";--> statement-breakpoint
DROP INDEX "saved_searches_trigram_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
ALTER TABLE "saved_searches" DROP COLUMN "match_trigram";--> statement-breakpoint
-- Hand-written (issue 30), appended to the generated statements above. search_words starts with the
-- words of the titles already listed (the triggers of server/modules/listings/search-words.sql,
-- applied after the migrations, keep it from then on; the same split as its search_words_of()).
INSERT INTO "search_words" ("word")
SELECT DISTINCT w FROM "listings", regexp_split_to_table(lower("listings"."title"), '[^[:alpha:]]+') AS w
WHERE length(w) BETWEEN 3 AND 40
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Saved searches lost their trigram key with the substring match: one no key reaches now is a text
-- whose query has no lexeme every match holds (OR, NOT, a phrase), or no text and no category.
UPDATE "saved_searches" SET "match_unkeyed" = CASE
  WHEN "match_search" IS NULL THEN "match_category" IS NULL
  ELSE "match_lexeme" IS NULL AND numnode("match_tsquery") > 0 END;
