import { cn } from "../../../lib/cn";

const SIZES = { sm: "size-9 text-sm", md: "size-11 text-base", lg: "size-14 text-xl" } as const;
const PX = { sm: 36, md: 44, lg: 56 } as const;

/** A user's picture, or their initial on the brand colour; decorative (their name is beside it). */
export function UserAvatar({
  user,
  size = "md",
}: {
  user: { username: string; avatarUrl: string | null };
  size?: keyof typeof SIZES;
}) {
  if (user.avatarUrl)
    return (
      <img
        src={user.avatarUrl}
        alt=""
        width={PX[size]}
        height={PX[size]}
        loading="lazy"
        className={cn(SIZES[size], "shrink-0 rounded-full bg-sand-100 object-cover")}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={cn(
        SIZES[size],
        "flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white uppercase",
      )}
    >
      {user.username.charAt(0) || "?"}
    </span>
  );
}
