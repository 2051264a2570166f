-- Issue 15: a user's repeated saves of one search became two rows; keep the first of each.
DELETE FROM "saved_searches" s USING "saved_searches" k
  WHERE s."user_id" = k."user_id" AND s."query" = k."query"
    AND (k."created_at", k."id") < (s."created_at", s."id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_query_idx" ON "saved_searches" USING btree ("user_id","query");
