import { UserCheck, UserPlus } from "lucide-react";
import { Button, type ButtonSize } from "../../../components/ui/button";
import { useToggleFollow } from "../hooks/use-toggle-follow";

/** Follow a seller (pressed, "Following", once followed: pressing again unfollows). */
export function FollowButton({
  sellerId,
  sellerName,
  size = "md",
}: {
  sellerId: string;
  sellerName: string;
  size?: ButtonSize;
}) {
  const { following, toggle } = useToggleFollow(sellerId);
  const Icon = following ? UserCheck : UserPlus;
  return (
    <Button
      variant={following ? "outline" : "primary"}
      size={size}
      aria-pressed={following}
      onClick={toggle}
    >
      <Icon aria-hidden="true" className="size-4" />
      {following ? "Following" : "Follow"}
      <span className="sr-only"> {sellerName}</span>
    </Button>
  );
}
