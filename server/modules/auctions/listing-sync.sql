-- Keeps the copy of each auction's state on its listing (listings.auction_ends_at, auction_bid_cents,
-- auction_bid_count) equal to auction_settings, whatever writes it: place_bid() (a bid, a soft-close
-- extension), settlement, a seller's edit, staff removing a listing, a test inserting rows by hand.
-- The browse queries read the copy so that one table's indexes drive their filters and sorts (issue
-- 18, docs/decisions/0012-search-at-scale.md); listing-visibility.ts's "open" and "display price"
-- read it too, and are exact because of this trigger. Migration 0018 added the columns and copied the
-- existing rows.
--
-- A routine file (server/db/routines.ts): applied after the migrations on every start, so it must
-- stay idempotent (CREATE OR REPLACE only).
--
-- Lock order: the trigger runs while the auction_settings row is being written, then updates the
-- listing row, the order place_bid() and settlement already take them in.
CREATE OR REPLACE FUNCTION listings_copy_auction_state() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE listings SET auction_ends_at = NULL, auction_bid_cents = NULL, auction_bid_count = NULL
    WHERE id = OLD.listing_id;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.listing_id <> NEW.listing_id THEN
    UPDATE listings SET auction_ends_at = NULL, auction_bid_cents = NULL, auction_bid_count = NULL
    WHERE id = OLD.listing_id;
  END IF;
  -- Only when something the listing holds changed: settling (settled_at) writes nothing here.
  UPDATE listings SET auction_ends_at = NEW.end_time, auction_bid_cents = NEW.current_bid_cents,
    auction_bid_count = NEW.bid_count
  WHERE id = NEW.listing_id
    AND (auction_ends_at IS DISTINCT FROM NEW.end_time
      OR auction_bid_cents IS DISTINCT FROM NEW.current_bid_cents
      OR auction_bid_count IS DISTINCT FROM NEW.bid_count);
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER auction_settings_copy_to_listing
AFTER INSERT OR UPDATE OR DELETE ON auction_settings
FOR EACH ROW EXECUTE FUNCTION listings_copy_auction_state();
