-- The auction's rules as SQL functions: "open", "Buy It Now still open" and "minimum next bid", for
-- place_bid() and other SQL (PL/pgSQL keeps its plans, so a call is planned once). Queries written in
-- TypeScript use the same rules from auction-rules.ts beside this file, where they are written out:
-- inlining one of these SQL functions re-parses its body each time a statement is planned, and
-- browse statements are planned on every request. auction-rules.test.ts holds both forms equal;
-- auction-sql-boundary.test.ts fails on a copy of either outside this folder and the auctions module.
--
-- The one source of truth for an auction's end is listings.auction_ends_at, which the trigger of
-- listing-sync.sql keeps equal to auction_settings.end_time in every transaction that writes it.
-- Two readers read auction_settings.end_time instead, for reasons of their own: place_bid()
-- decides under the auction row's lock, and settlement walks the partial index of unsettled ends.
--
-- A routine file (server/db/routines.ts): idempotent, CREATE OR REPLACE only. The SQL functions are
-- each a single SELECT in LANGUAGE sql, STABLE and not STRICT, so the planner inlines them: the plan
-- is the one of the expression written out (an index condition on auction_ends_at stays one).

-- The increment bands (table bid_increments): incrementFor (core/bidding.ts), the increment of the
-- band the amount falls in (lowest start first), else one cent. place_bid() decides with it.
-- PL/pgSQL rather than SQL functions here: a session keeps their plans, so a call costs microseconds.
CREATE OR REPLACE FUNCTION bid_increment_for(p_cents integer) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_increment integer;
BEGIN
  SELECT bi.minimum_increment_cents INTO v_increment FROM bid_increments bi
  WHERE p_cents >= bi.price_range_start_cents
    AND (bi.price_range_end_cents IS NULL OR p_cents < bi.price_range_end_cents)
  ORDER BY bi.price_range_start_cents
  LIMIT 1;
  RETURN coalesce(v_increment, 1);
END
$$;

-- Before its effective end (soft close moves the end). The time part of "open", for readers whose
-- status test is separate (the open listing indexes' predicates hold status = 'active').
CREATE OR REPLACE FUNCTION auction_before_end(p_ends_at timestamptz) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT p_ends_at > now()
$$;

-- Open to bids: on sale and before its effective end. isAuctionEnded (core/bidding.ts) is its
-- negation in TypeScript.
CREATE OR REPLACE FUNCTION auction_open(p_status listing_status, p_ends_at timestamptz) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT p_status = 'active' AND auction_before_end(p_ends_at)
$$;

-- Buy It Now is offered until the first bid or the end (auctionState in core/bidding.ts). A listing
-- without auction row (fixed price, left joined) has no Buy It Now price: false.
CREATE OR REPLACE FUNCTION auction_buy_it_now_open(
  p_buy_it_now_price_cents integer,
  p_bid_count integer,
  p_status listing_status,
  p_ends_at timestamptz
) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT p_buy_it_now_price_cents IS NOT NULL AND coalesce(p_bid_count, 0) = 0
    AND auction_open(p_status, p_ends_at)
$$;

-- minNextBidCents (core/bidding.ts): the start price without bids, else the current bid plus the
-- increment of its band (bid_increment_for, place-bid.sql).
CREATE OR REPLACE FUNCTION auction_min_next_bid(p_start_price_cents integer, p_current_bid_cents integer)
RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_current_bid_cents IS NULL THEN p_start_price_cents
              ELSE p_current_bid_cents + bid_increment_for(p_current_bid_cents) END
$$;
