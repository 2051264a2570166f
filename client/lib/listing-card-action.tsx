import { createContext, type ReactNode, useContext } from "react";
import type { ListingCard } from "../../core/contracts/browse";

/** Renders the small action a listing card carries on its photo (the watchlist heart). */
export type ListingCardAction = (listing: ListingCard) => ReactNode;

const ListingCardActionContext = createContext<ListingCardAction | null>(null);

/**
 * Cards are drawn deep inside listings' own components (grids, home rows, the category page),
 * and features never import each other: the app hands every card its action once, here, rather
 * than threading it through each grid.
 */
export function ListingCardActionProvider({
  action,
  children,
}: {
  action: ListingCardAction;
  children: ReactNode;
}) {
  return <ListingCardActionContext value={action}>{children}</ListingCardActionContext>;
}

/** The action for one card, or nothing where the app provides none. */
export function useListingCardAction(listing: ListingCard): ReactNode {
  const action = useContext(ListingCardActionContext);
  return action ? action(listing) : null;
}
