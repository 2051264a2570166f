import { SANDBOX_CARDS } from "../../../../core/contracts/buying";
import { formatCardNumber } from "../hooks/card-input";

const CARDS = [
  { number: SANDBOX_CARDS.success, outcome: "Payment succeeds" },
  { number: SANDBOX_CARDS.declined, outcome: "Card declined" },
  { number: SANDBOX_CARDS.insufficientFunds, outcome: "Insufficient funds" },
];

/** The sandbox's test cards; any future expiry, any CVC and any name go with them. */
export function TestCardsHelp({ onUse }: { onUse: (number: string) => void }) {
  return (
    <section
      aria-labelledby="test-cards"
      className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="test-cards" className="font-semibold">
        Test cards
      </h2>
      <p>No real money moves here. Use any future expiry date, any 3-digit CVC and any name.</p>
      <ul className="flex flex-col gap-1.5">
        {CARDS.map((card) => (
          <li key={card.number} className="flex items-center justify-between gap-3">
            <span className="flex flex-col sm:flex-row sm:gap-2">
              <span className="font-mono font-semibold">{formatCardNumber(card.number)}</span>
              <span className="text-amber-900">{card.outcome}</span>
            </span>
            <button
              type="button"
              onClick={() => onUse(formatCardNumber(card.number))}
              aria-label={`Use ${formatCardNumber(card.number)} (${card.outcome})`}
              className="shrink-0 px-1 py-1 font-semibold text-amber-950 underline underline-offset-2 hover:no-underline"
            >
              Use
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
