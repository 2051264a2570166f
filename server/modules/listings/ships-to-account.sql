-- Whether a listing ships to an account's Deliver to (issue 29, decision 0021): the one definition
-- of the rule that bids (place_bid(), place-bid.sql) and offers (ships-to-account.ts) apply. A bid
-- or an offer names no address, so the account's choice stands in for a default address; an
-- account that never chose is not refused (checkout then judges the territory it is given).
-- Null when there is no such listing or account: the caller's other checks answer for those.
-- Applied with the other routines on every start (server/db/routines.ts): CREATE OR REPLACE only.
CREATE OR REPLACE FUNCTION ships_to_account(p_listing uuid, p_user uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN u.deliver_to IS NULL THEN true
    WHEN u.deliver_to = 'world' THEN l.ship_world_service IS NOT NULL
    WHEN u.deliver_to = t.slug THEN l.ship_same_service IS NOT NULL
    ELSE l.ship_caribbean_service IS NOT NULL END
  FROM listings l JOIN territories t ON t.id = l.territory_id CROSS JOIN users u
  WHERE l.id = p_listing AND u.id = p_user
$$;
