import { X } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link, useSearchParams } from "react-router";
import type { MyBid } from "../../../../core/contracts/bidding";
import { formatMoney } from "../../../../core/money";
import { ErrorState } from "../../../components/ui/error-state";
import { StatusPill } from "../../../components/ui/item-row";
import { Spinner } from "../../../components/ui/spinner";
import { Thumbnail } from "../../../components/ui/thumbnail";
import { type SessionUser, useSession } from "../../../lib/session";
import { useModalDialog } from "../../../lib/use-modal-dialog";
import { useProfileBids } from "../api/get-my-bids";

/** The URL parameter that opens the modal, so any page can show it without its own state. */
export const PROFILE_PARAM = "profile";

/**
 * The profile's bid status (spec): Active while the auction is open; after the end, Won for the
 * winning bid, else Lost.
 */
export function profileBidStatus(bid: MyBid): "Active" | "Won" | "Lost" {
  if (!bid.listing.ended) return "Active";
  return bid.status === "won" ? "Won" : "Lost";
}

const BID_STYLES = {
  Active: "bg-emerald-100 text-emerald-900",
  Won: "bg-brand-100 text-brand-900",
  Lost: "bg-slate-200 text-slate-800",
} as const;

function Section({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h3>
        {more && (
          <Link to={more.to} className="text-sm font-semibold text-brand-800 underline">
            {more.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

function ProfileBids({ enabled }: { enabled: boolean }) {
  const bids = useProfileBids({ enabled });
  if (bids.isPending) return <Spinner label="Loading your bids..." className="py-6" />;
  if (bids.isError) {
    return <ErrorState message="We couldn't load your bids." onRetry={() => void bids.refetch()} />;
  }
  if (bids.data.items.length === 0) {
    return <p className="text-slate-700">You haven't placed any bids yet.</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-sand-200">
      {bids.data.items.map((bid) => {
        const status = profileBidStatus(bid);
        return (
          <li key={bid.id} className="flex items-center gap-3 py-3">
            <Thumbnail src={bid.listing.image?.thumbUrl} size="sm" />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <Link
                to={`/listing/${bid.listing.id}`}
                className="font-semibold break-words text-slate-900 hover:text-brand-800 hover:underline"
              >
                {bid.listing.title}
              </Link>
              <p className="text-sm text-slate-800">Your bid: {formatMoney(bid.amountCents)}</p>
            </div>
            <StatusPill className={BID_STYLES[status]}>{status}</StatusPill>
          </li>
        );
      })}
    </ul>
  );
}

function UserInfo({ user }: { user: SessionUser }) {
  return (
    <div className="flex items-center gap-4">
      {user.avatarUrl ? (
        <img src={user.avatarUrl} alt="" className="size-16 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white uppercase"
        >
          {user.username.charAt(0)}
        </span>
      )}
      <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-700">Username</dt>
        <dd className="break-all text-slate-900">{user.username}</dd>
        <dt className="font-semibold text-slate-700">Email</dt>
        <dd className="break-all text-slate-900">{user.email}</dd>
      </dl>
    </div>
  );
}

/**
 * The profile modal (spec, accounts section 2): who is signed in, their own listings (delete
 * after confirmation, descriptions cut at 100 characters) and their bids (Won, Lost or Active).
 * It opens when the URL has ?profile, which the account menu's Profile item adds.
 *
 * The listings section comes in as `listings` (the selling feature's ProfileListings, handed in
 * by the root layout) rather than from a copy of selling's calls here: the list and its deletion
 * are selling's, and moving the whole modal into selling would drag the user's bids with it.
 * It is rendered only while the modal is open, so its queries run only then.
 */
export function ProfileModal({ listings }: { listings: ReactNode }) {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const open = user !== null && searchParams.has(PROFILE_PARAM);
  const dialog = useModalDialog(open);
  const titleId = useId();

  const close = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PROFILE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={(event) => {
        // React passes a nested dialog's close up the tree (the delete confirmation inside this
        // one): only this dialog's own close (Escape) closes the profile.
        if (event.target !== event.currentTarget) return;
        if (open) close();
      }}
      className="m-auto max-h-[min(48rem,calc(100dvh-2rem))] w-[min(40rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-base text-slate-900 shadow-2xl backdrop:bg-slate-950/50 [--focus-ring:var(--color-brand-600)]"
    >
      {open && user && (
        <div className="flex flex-col gap-6 p-5 sm:p-6">
          <div className="flex items-center justify-between gap-3">
            <h2 id={titleId} className="text-xl font-bold text-slate-900">
              Profile
            </h2>
            <button
              type="button"
              aria-label="Close"
              onClick={close}
              className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <UserInfo user={user} />
          <Section
            id={`${titleId}-listings`}
            title="Your listings"
            more={{ to: "/my/selling", label: "Manage listings" }}
          >
            {listings}
          </Section>
          <Section
            id={`${titleId}-bids`}
            title="Your bids"
            more={{ to: "/my/bids", label: "All bids" }}
          >
            <ProfileBids enabled={open} />
          </Section>
        </div>
      )}
    </dialog>
  );
}
