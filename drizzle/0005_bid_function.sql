-- This migration once created the bid engine (place_bid() and its helpers bid_increment_for,
-- bid_price_for and bid_format_usd) in full; migration 0008 then replaced place_bid() with a whole
-- second copy. The functions' one source is now server/modules/bidding/place-bid.sql, which
-- Database.migrate() applies after the migrations on every start (server/db/routines.ts), so a fresh
-- database gets them from there. Databases that ran this migration are unaffected: applied migrations
-- are never run again, and that file replaces their functions on the next start.
SELECT 1;
