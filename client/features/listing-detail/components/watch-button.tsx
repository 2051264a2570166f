import { Heart } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { useRequireSignIn } from "../../../lib/require-sign-in";

/** Add to Watchlist: needs an account (the watchlist itself arrives with accounts). */
export function WatchButton() {
  const requireSignIn = useRequireSignIn();
  return (
    <Button
      variant="ghost"
      onClick={() => {
        requireSignIn("watch");
      }}
    >
      <Heart aria-hidden="true" className="size-4" />
      Add to Watchlist
    </Button>
  );
}
