import { notFound } from "../../errors";

/**
 * Who is answering an offer: its buyer or its seller. Anyone else is told it does not exist (404),
 * so offer ids cannot be probed and one buyer never learns of another's offer.
 */
export function offerActor(
  offer: { buyerId: string; sellerId: string } | undefined,
  userId: string,
): "buyer" | "seller" {
  if (offer?.buyerId === userId) return "buyer";
  if (offer?.sellerId === userId) return "seller";
  throw notFound("Offer not found.");
}
