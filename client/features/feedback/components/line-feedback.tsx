import type { Order, Sale } from "../../../../core/contracts/buying";
import { FeedbackSummary } from "./feedback-summary";
import { LeaveFeedbackButton } from "./leave-feedback-button";
import { ReplyToFeedback } from "./reply-to-feedback";

/** Purchase History's "Leave feedback" on a line while it is open (paid, within 60 days, not left). */
export function PurchaseFeedbackButton({
  order,
  item,
}: {
  order: Order;
  item: Order["items"][number];
}) {
  if (!item.canLeaveFeedback || item.feedback) return null;
  return (
    <LeaveFeedbackButton
      as="buyer"
      orderId={order.id}
      lineId={item.lineId}
      title={item.title}
      subjectName={item.seller.username}
    />
  );
}

/** What the buyer said about a line, and the seller's reply. */
export function PurchaseFeedbackSummary({ item }: { item: Order["items"][number] }) {
  if (!item.feedback) return null;
  return (
    <FeedbackSummary
      feedback={item.feedback}
      heading="Your feedback"
      replyHeading={`${item.seller.username} replied`}
    />
  );
}

/**
 * A sold line's feedback on /my/selling: the buyer's (with the seller's one reply) and the
 * seller's own positive feedback about the buyer.
 */
export function SaleFeedback({ sale }: { sale: Sale }) {
  const fromBuyer = sale.feedbackFromBuyer;
  if (!fromBuyer && !sale.feedbackToBuyer && !sale.canLeaveFeedback) return null;
  return (
    <div className="flex flex-col gap-2">
      {fromBuyer && (
        <>
          <FeedbackSummary
            feedback={fromBuyer}
            heading={`${sale.buyer.username}'s feedback`}
            replyHeading="Your reply"
          />
          {!fromBuyer.reply && <ReplyToFeedback feedbackId={fromBuyer.id} />}
        </>
      )}
      {sale.feedbackToBuyer ? (
        <FeedbackSummary feedback={sale.feedbackToBuyer} heading="Your feedback for the buyer" />
      ) : (
        sale.canLeaveFeedback && (
          <div>
            <LeaveFeedbackButton
              as="seller"
              orderId={sale.orderId}
              lineId={sale.lineId}
              title={sale.title}
              subjectName={sale.buyer.username}
            />
          </div>
        )
      )}
    </div>
  );
}
