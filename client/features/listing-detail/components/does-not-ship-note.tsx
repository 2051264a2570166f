/** Why the buying controls are off for this buyer (issue 29). */
export function DoesNotShipNote({ territory }: { territory: string }) {
  return (
    <p
      role="note"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <span className="font-semibold">Does not ship to {territory}.</span> Choose another Deliver to
      under Shipping and returns if it goes elsewhere.
    </p>
  );
}
