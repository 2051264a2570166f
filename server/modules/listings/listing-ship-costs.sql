-- Keeps a listing's shipping table whole (decision 0021): a destination group shipped to (its
-- service set) whose cost was left out costs shipping_cents, and a group not shipped to has no
-- cost. So a writer that knows nothing of delivery by destination (an older test, a bench, the
-- seed's history) still writes a listing that ships as before: within its territory and to the
-- other Caribbean territories (the service columns' defaults) at its shipping price.
--
-- A routine file (server/db/routines.ts): applied after the migrations on every start, so it must
-- stay idempotent (CREATE OR REPLACE only).
CREATE OR REPLACE FUNCTION listings_fill_ship_costs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.ship_same_service IS NULL THEN
    NEW.ship_same_cents := NULL;
  ELSE
    NEW.ship_same_cents := coalesce(NEW.ship_same_cents, NEW.shipping_cents);
  END IF;
  IF NEW.ship_caribbean_service IS NULL THEN
    NEW.ship_caribbean_cents := NULL;
  ELSE
    NEW.ship_caribbean_cents := coalesce(NEW.ship_caribbean_cents, NEW.shipping_cents);
  END IF;
  IF NEW.ship_world_service IS NULL THEN
    NEW.ship_world_cents := NULL;
  ELSE
    NEW.ship_world_cents := coalesce(NEW.ship_world_cents, NEW.shipping_cents);
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER listings_ship_costs
BEFORE INSERT OR UPDATE OF shipping_cents, ship_same_service, ship_same_cents,
  ship_caribbean_service, ship_caribbean_cents, ship_world_service, ship_world_cents ON listings
FOR EACH ROW EXECUTE FUNCTION listings_fill_ship_costs();
