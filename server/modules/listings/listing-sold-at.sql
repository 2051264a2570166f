-- Keeps listings.sold_at: the time a listing became sold (status 'sold'), null while it is not,
-- whatever writes the status: auction settlement, the payment that takes the last unit, a restock
-- that puts a sold-out listing back on sale, a test or the seed inserting rows by hand. "Sold for $X
-- on ..." and the recently sold strip (issue 30) read it; the sold indexes (schema/listings.ts) are
-- ordered by it. A writer that names sold_at itself (the seed's history) keeps its value.
--
-- A routine file (server/db/routines.ts): applied after the migrations on every start, so it must
-- stay idempotent (CREATE OR REPLACE only).
CREATE OR REPLACE FUNCTION listings_track_sold_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'sold' THEN
    IF TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'sold' THEN
      NEW.sold_at := coalesce(NEW.sold_at, now());
    END IF;
  ELSE
    NEW.sold_at := NULL;
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER listings_sold_at
BEFORE INSERT OR UPDATE OF status, sold_at ON listings
FOR EACH ROW EXECUTE FUNCTION listings_track_sold_at();
