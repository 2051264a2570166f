/**
 * What a bid history says about the names it shows. The server masks bidders' names for everyone
 * but the listing's seller, who sees them all (and a bidder, who sees their own, marked "You"),
 * so the seller is told the truth about what they see (issue 24).
 */
export function BidderPrivacyNote({ viewerIsSeller }: { viewerIsSeller: boolean }) {
  return (
    <p className="text-sm text-slate-700">
      {viewerIsSeller
        ? "As the seller you see your bidders' names; everyone else sees them masked. The number beside a name is their feedback count."
        : "Bidders' names are hidden for their privacy; the number beside a name is their feedback count."}
    </p>
  );
}
