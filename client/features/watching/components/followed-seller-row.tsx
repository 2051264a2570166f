import { Star, Store, UserMinus } from "lucide-react";
import { Link } from "react-router";
import { toast } from "sonner";
import { type FollowedSeller, WATCH_MESSAGES } from "../../../../core/contracts/watching";
import { Button } from "../../../components/ui/button";
import { formatRating, pluralize } from "../../../lib/format";
import { useUpdateFollow } from "../api/update-follow";
import { useToggleFollow } from "../hooks/use-toggle-follow";
import { NotificationsSwitch } from "./notifications-switch";

/** One followed seller: avatar, name, store name and description, rating, switch, unfollow. */
export function FollowedSellerRow({ followed }: { followed: FollowedSeller }) {
  const { seller } = followed;
  const name = seller.username || "Unknown";
  const storeHref = `/store/${seller.id}`;
  const update = useUpdateFollow();
  const follow = useToggleFollow(seller.id);

  const setNotifications = (enabled: boolean) =>
    update.mutate(
      { sellerId: seller.id, notificationsEnabled: enabled },
      {
        onSuccess: () =>
          toast.success(
            enabled ? WATCH_MESSAGES.notificationsEnabled : WATCH_MESSAGES.notificationsDisabled,
          ),
        onError: () => toast.error(WATCH_MESSAGES.notificationsFailed),
      },
    );

  return (
    <article className="flex flex-col gap-3 rounded-xl border border-sand-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 gap-4">
        {seller.avatarUrl ? (
          <img
            src={seller.avatarUrl}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            className="size-14 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white uppercase"
          >
            {name.charAt(0)}
          </span>
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="text-lg font-semibold break-words">
            <Link to={storeHref} className="text-brand-800 hover:underline">
              {name}
            </Link>
          </h2>
          {seller.storeName !== seller.username && (
            <p className="font-medium break-words text-slate-900">{seller.storeName}</p>
          )}
          {seller.storeDescription && (
            <p className="line-clamp-3 text-sm break-words text-slate-700">
              {seller.storeDescription}
            </p>
          )}
          <p className="flex items-center gap-1 text-sm text-slate-700">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
            <span className="sr-only">Rating:</span>
            <span className="font-semibold text-slate-900">{formatRating(seller.rating)}</span>
            {seller.rating !== null && <span>({pluralize(seller.ratingCount, "rating")})</span>}
          </p>
          <Link
            to={storeHref}
            className="mt-1 inline-flex items-center gap-1 self-start text-sm font-semibold text-brand-800 hover:underline"
          >
            <Store aria-hidden="true" className="size-4" />
            Visit store<span className="sr-only"> of {name}</span>
          </Link>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-sand-200 pt-2 sm:shrink-0 sm:justify-end sm:border-0 sm:pt-0">
        <NotificationsSwitch
          checked={followed.notificationsEnabled}
          onChange={setNotifications}
          subject={name}
        />
        <Button
          variant="outline"
          size="sm"
          aria-label={`Unfollow ${name}`}
          className="ml-auto"
          disabled={follow.pending}
          onClick={follow.unfollow}
        >
          <UserMinus aria-hidden="true" className="size-4" />
          Unfollow
        </Button>
      </div>
    </article>
  );
}
