-- The bid engine inside the database. Its source lives here, not in a migration: the migrations
-- that created these functions (drizzle/0005_bid_function.sql, then 0008) are history and never
-- change, and copying a whole function into each new migration that changes one line of it left
-- the current rule wherever the latest copy was. Database.migrate() (server/db/client.ts, the list
-- in server/db/routines.ts) applies this file after drizzle's migrations on every start, in one
-- transaction and, on a PostgreSQL server, under the advisory lock the migrations take, so
-- instances starting at once take turns: the "repeatable migration" pattern for code that lives in
-- the database. So the file must stay idempotent: CREATE OR REPLACE only.
--
-- CREATE OR REPLACE cannot change a function's arguments or result columns (PostgreSQL refuses),
-- so such a change still needs a migration that drops the old function; this file then creates the
-- new one. Within the same columns, replacing is safe while other instances run: a call in
-- progress finishes on the old code, and a session that prepared `select * from place_bid(...)`
-- (the app's named statement) plans it again on its next call.
--
-- place_bid() mirrors decideBid in core/bidding.ts, which stays the specification:
-- server/modules/auctions/bid-function.test.ts drives random bid sequences through both, against
-- the functions as this file defines them, and fails on any difference.

-- priceFor: the price a leader with p_leader_max pays against a second maximum (none: the start
-- price), capped at the leader's maximum and lifted to a reserve that maximum covers.
CREATE OR REPLACE FUNCTION bid_price_for(p_start integer, p_reserve integer, p_leader_max integer, p_second_max integer)
RETURNS integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_price integer;
BEGIN
  IF p_second_max IS NULL THEN
    v_price := p_start;
  ELSE
    v_price := least(p_leader_max, p_second_max + bid_increment_for(p_second_max));
  END IF;
  IF p_reserve IS NOT NULL AND p_leader_max >= p_reserve THEN
    v_price := greatest(v_price, p_reserve);
  END IF;
  RETURN greatest(v_price, p_start);
END
$$;

-- formatMoney (core/money.ts) for the non-negative amounts of a notification: 123456 -> $1,234.56.
CREATE OR REPLACE FUNCTION bid_format_usd(p_cents integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT '$' || to_char(p_cents / 100.0, 'FM999,999,999,990.00')
$$;

-- Places one bid. outcome is 'accepted' or the refusal: listing_not_found, not_auction,
-- own_listing, does_not_ship, ended, being_bought, max_below_amount, too_low, already_leading (too_low for the
-- leader; minimum_cents is set for both). On acceptance the other columns are the auction's new
-- state; outbid_id is the leader this bid took the lead from; their notification is stored with its
-- email due, for the worker to send. Call it on its own (autocommit): the row lock then ends with
-- the statement.
CREATE OR REPLACE FUNCTION place_bid(
  p_listing uuid,
  p_bidder uuid,
  p_amount integer,
  p_max integer,
  p_soft_close_minutes integer,
  OUT outcome text,
  OUT minimum_cents integer,
  OUT start_price_cents integer,
  OUT reserve_price_cents integer,
  OUT buy_it_now_price_cents integer,
  OUT current_bid_cents integer,
  OUT bid_count integer,
  OUT end_time timestamptz,
  OUT leader_id uuid,
  OUT outbid_id uuid,
  OUT min_next_cents integer
)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  l record;
  a record;
  v_max integer := coalesce(p_max, p_amount);
  v_locked boolean := false;
  v_minimum integer;
  v_price integer;
  v_current integer;
  v_leader uuid;
  v_leader_max integer;
  v_outbid uuid;
  -- The visible bids to record, oldest first: at most two (the challenger's maximum, the proxy's answer).
  v1_bidder uuid;
  v1_amount integer;
  v1_max integer;
  v2_bidder uuid;
  v2_amount integer;
  v2_max integer;
  v_count integer;
  v_at timestamptz;
  v_sync text;
  v_increment integer;
BEGIN
  SELECT li.kind, li.seller_id, li.status, li.title, li.moderation INTO l FROM listings li WHERE li.id = p_listing;
  -- Held for review, removed by staff or of a suspended seller: not there for bidders. (Removal of
  -- an auction with bids also settles it under the auction row's lock, so a bid that read the
  -- listing before the removal committed is refused as ended below.)
  IF NOT FOUND OR l.moderation <> 'visible' THEN
    outcome := 'listing_not_found';
    RETURN;
  END IF;
  IF l.kind <> 'auction' THEN
    outcome := 'not_auction';
    RETURN;
  END IF;
  IF l.seller_id = p_bidder THEN
    outcome := 'own_listing';
    RETURN;
  END IF;
  -- Not sent to the bidder's Deliver to (ships-to-account.sql, the rule offers apply too). Checked
  -- here rather than by a statement of its own before the bid: one round trip a bid, and nothing
  -- to read for the bids an instance refuses against its floor.
  IF ships_to_account(p_listing, p_bidder) IS FALSE THEN
    outcome := 'does_not_ship';
    RETURN;
  END IF;

  -- Decide first against the latest committed state without the lock. A refusal needs no lock: the
  -- state it was decided on was the auction's true state at an instant during this call, and a
  -- refusal changes nothing, so it is as if the bid had arrived then. Under contention most bids are
  -- refused, and they no longer queue on the lock. An acceptance is decided again under the lock.
  LOOP
    v1_bidder := NULL;
    v2_bidder := NULL;
    v_outbid := NULL;
    IF v_locked THEN
      SELECT s.start_price_cents, s.reserve_price_cents, s.buy_it_now_price_cents, s.current_bid_cents,
             s.leader_id, s.leader_max_cents, s.end_time, s.settled_at IS NOT NULL OR s.end_time <= now() AS ended
        INTO a FROM auction_settings s WHERE s.listing_id = p_listing FOR UPDATE;
    ELSE
      SELECT s.start_price_cents, s.reserve_price_cents, s.buy_it_now_price_cents, s.current_bid_cents,
             s.leader_id, s.leader_max_cents, s.end_time, s.settled_at IS NOT NULL OR s.end_time <= now() AS ended
        INTO a FROM auction_settings s WHERE s.listing_id = p_listing;
    END IF;
    IF NOT FOUND THEN
      outcome := 'not_auction';
      RETURN;
    END IF;
    -- Ended: settled, no longer on sale, or past the effective end; isAuctionEnded (core/bidding.ts)
    -- and auction_open() (auction-rules.sql) read it the same way. This reads the end from the row
    -- just locked (auction_settings.end_time), not its copy on the listing read before the lock.
    IF a.ended OR l.status <> 'active' THEN
      outcome := 'ended';
      RETURN;
    END IF;
    -- Someone is paying the Buy It Now price (offered only until the first bid): a bid now would
    -- take away what they are paying for, so it waits until their payment session ends.
    IF a.current_bid_cents IS NULL AND a.buy_it_now_price_cents IS NOT NULL AND EXISTS (
      SELECT 1 FROM order_lines ol JOIN payment_sessions ps ON ps.order_id = ol.order_id
      WHERE ol.listing_id = p_listing AND ps.status = 'open' AND ps.reserves_stock
        AND ps.expires_at > now()) THEN
      outcome := 'being_bought';
      RETURN;
    END IF;

    -- decideBid, branch for branch.
    IF v_locked THEN
      -- Taking the row lock gave this call a transaction id, so committing a refusal would wait for
      -- the WAL flush while the next bidder waits for the lock. A refusal writes nothing worth keeping
      -- (only the lock itself), so it need not wait; an acceptance resets this below and waits.
      v_sync := current_setting('synchronous_commit');
      PERFORM set_config('synchronous_commit', 'off', true);
    END IF;
    IF v_max < p_amount THEN
      outcome := 'max_below_amount';
      RETURN;
    END IF;
    v_minimum := auction_min_next_bid(a.start_price_cents, a.current_bid_cents);

    IF a.leader_id = p_bidder AND a.leader_max_cents IS NOT NULL THEN
      IF v_max <= a.leader_max_cents THEN
        outcome := 'already_leading';
        minimum_cents := a.leader_max_cents + 1;
        RETURN;
      END IF;
      -- The leader raises their own maximum: only a reserve it now covers can move the price.
      v_current := coalesce(a.current_bid_cents, a.start_price_cents);
      v_price := CASE WHEN a.reserve_price_cents IS NOT NULL AND v_max >= a.reserve_price_cents
                      THEN greatest(v_current, a.reserve_price_cents) ELSE v_current END;
      v_leader := p_bidder;
      v_leader_max := v_max;
      IF v_price <> v_current THEN
        v1_bidder := p_bidder;
        v1_amount := v_price;
        v1_max := v_max;
      END IF;
    ELSIF p_amount < v_minimum THEN
      outcome := CASE WHEN a.leader_id = p_bidder THEN 'already_leading' ELSE 'too_low' END;
      minimum_cents := v_minimum;
      RETURN;
    ELSIF a.leader_id IS NULL OR a.leader_max_cents IS NULL THEN
      v_price := bid_price_for(a.start_price_cents, a.reserve_price_cents, v_max, NULL);
      v_leader := p_bidder;
      v_leader_max := v_max;
      v1_bidder := p_bidder;
      v1_amount := v_price;
      v1_max := v_max;
    ELSIF v_max > a.leader_max_cents THEN
      -- One visible step: the new price already tells that the old leader's proxy was passed.
      v_price := bid_price_for(a.start_price_cents, a.reserve_price_cents, v_max, a.leader_max_cents);
      v_leader := p_bidder;
      v_leader_max := v_max;
      v_outbid := a.leader_id;
      v1_bidder := p_bidder;
      v1_amount := v_price;
      v1_max := v_max;
    ELSE
      -- The leader's proxy answers (an equal maximum loses to the earlier one): the challenger's
      -- maximum, then the leader's reply, above it or, on a tie, at the same amount, so that the
      -- highest visible bid is always the leader's.
      v_price := bid_price_for(a.start_price_cents, a.reserve_price_cents, a.leader_max_cents, v_max);
      v_leader := a.leader_id;
      v_leader_max := a.leader_max_cents;
      v1_bidder := p_bidder;
      v1_amount := v_max;
      v1_max := v_max;
      v2_bidder := a.leader_id;
      v2_amount := v_price;
      v2_max := a.leader_max_cents;
    END IF;

    EXIT WHEN v_locked;
    v_locked := true;
  END LOOP;

  PERFORM set_config('synchronous_commit', v_sync, true);
  -- Accepted, under the lock: record the visible bids in order (or a raise on the leader's latest
  -- bid), mark the passed leader's bids outbid, store the new state (and the soft-close end), tell
  -- the passed leader, and signal the listeners.
  v_count := (v1_bidder IS NOT NULL)::integer + (v2_bidder IS NOT NULL)::integer;
  IF v_count > 0 THEN
    -- clock_timestamp() plus a position: the bids of one call must keep their order.
    v_at := clock_timestamp();
    INSERT INTO bids (listing_id, bidder_id, amount_cents, max_amount_cents, status, placed_at)
    SELECT p_listing, v.bidder, v.amount, v.max,
           (CASE WHEN v.bidder = v_leader THEN 'active' ELSE 'outbid' END)::bid_status,
           v_at + make_interval(secs => v.pos / 1000000.0)
    FROM (VALUES (v1_bidder, v1_amount, v1_max, 0), (v2_bidder, v2_amount, v2_max, 1)) AS v(bidder, amount, max, pos)
    WHERE v.bidder IS NOT NULL;
  ELSE
    -- A leader's raise that moved no price records no visible bid. Their maximum goes onto their
    -- latest bid, so that the leader's latest bid always carries their maximum: My Bids reads it
    -- there once they are outbid (auction_settings.leader_max_cents is theirs only while they lead).
    UPDATE bids b SET max_amount_cents = v_max
    WHERE b.id = (SELECT mine.id FROM bids mine WHERE mine.bidder_id = p_bidder
                    AND mine.listing_id = p_listing ORDER BY mine.placed_at DESC LIMIT 1);
  END IF;
  IF v_outbid IS NOT NULL THEN
    -- Only the leader's bids are ever active, so the passed leader's are the ones to turn; looking
    -- them up by bidder keeps this step short however long the auction's history grows.
    UPDATE bids b SET status = 'outbid'
    WHERE b.bidder_id = v_outbid AND b.listing_id = p_listing AND b.status = 'active';
  END IF;
  -- The trigger of server/modules/auctions/listing-sync.sql copies the new bid, count and end onto
  -- the listing (listings.auction_*), which browse filters and sorts read.
  UPDATE auction_settings s SET
    current_bid_cents = v_price,
    leader_id = v_leader,
    leader_max_cents = v_leader_max,
    bid_count = s.bid_count + v_count,
    -- Soft close: a bid in the last N minutes moves the end to N minutes after it.
    end_time = CASE WHEN p_soft_close_minutes > 0 AND s.end_time - now() < make_interval(mins => p_soft_close_minutes)
                    THEN now() + make_interval(mins => p_soft_close_minutes) ELSE s.end_time END
  WHERE s.listing_id = p_listing
  RETURNING s.end_time, s.bid_count INTO end_time, bid_count;
  IF v_outbid IS NOT NULL THEN
    INSERT INTO notifications (user_id, kind, message, link, listing_id, email_due_at)
    VALUES (v_outbid, 'outbid',
            format('You''ve been outbid on "%s". The current bid is %s.', l.title, bid_format_usd(v_price)),
            '/listing/' || p_listing::text, p_listing, now());
  END IF;
  v_increment := bid_increment_for(v_price);
  -- The live event (auction.updated in core/events.ts) carries the new facts and the visible bids,
  -- so no instance reads the auction back to tell the pages following it; it is sent at commit.
  PERFORM pg_notify('live_events', 'auction:' || p_listing::text || '|auction.updated@' ||
    ((extract(epoch from clock_timestamp()) * 1000)::bigint)::text || '|' || json_build_object(
    'listingId', p_listing,
    'status', 'active',
    'facts', json_build_object(
      'startPriceCents', a.start_price_cents,
      'currentBidCents', v_price,
      'bidCount', bid_count,
      'endsAt', to_char(end_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'reservePriceCents', a.reserve_price_cents,
      'buyItNowPriceCents', a.buy_it_now_price_cents,
      'leaderId', v_leader),
    'incrementCents', v_increment,
    'bids', coalesce((
      SELECT json_agg(json_build_object(
               'amountCents', v.amount,
               'placedAt', to_char((v_at + make_interval(secs => v.pos / 1000000.0)) AT TIME ZONE 'UTC',
                                   'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'bidder', json_build_object('id', u.id, 'username', u.username,
                                         'ratingCount', u.rating_count)) ORDER BY v.pos)
      FROM (VALUES (v1_bidder, v1_amount, 0), (v2_bidder, v2_amount, 1)) AS v(bidder, amount, pos)
      JOIN users u ON u.id = v.bidder), '[]'::json))::text);

  outcome := 'accepted';
  start_price_cents := a.start_price_cents;
  reserve_price_cents := a.reserve_price_cents;
  buy_it_now_price_cents := a.buy_it_now_price_cents;
  current_bid_cents := v_price;
  leader_id := v_leader;
  outbid_id := v_outbid;
  min_next_cents := v_price + v_increment;
END
$$;
