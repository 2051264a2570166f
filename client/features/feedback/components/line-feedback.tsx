import type { Order, Sale } from "../../../../core/contracts/buying";
import { FeedbackSummary } from "./feedback-summary";
import { LeaveFeedbackButton, ReviseFeedbackButton } from "./leave-feedback-button";
import { ReplyToFeedback } from "./reply-to-feedback";
import { RequestRevision } from "./request-revision-button";

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

/**
 * What the buyer said about a line and the seller's reply; while the seller's request to revise
 * it is open, the request and "Revise feedback".
 */
export function PurchaseFeedbackSummary({
  order,
  item,
}: {
  order: Order;
  item: Order["items"][number];
}) {
  const feedback = item.feedback;
  if (!feedback) return null;
  return (
    <div className="flex flex-col gap-2">
      <FeedbackSummary
        feedback={feedback}
        heading="Your feedback"
        replyHeading={`${item.seller.username} replied`}
      />
      {feedback.canRevise && feedback.revisionRequest && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-800">
          <span>
            {item.seller.username} asked you to revise this feedback. You can revise it once.
          </span>
          <ReviseFeedbackButton
            as="buyer"
            orderId={order.id}
            lineId={item.lineId}
            title={item.title}
            subjectName={item.seller.username}
            revision={{
              feedbackId: feedback.id,
              rating: feedback.rating,
              stars: feedback.stars ?? 0,
              comment: feedback.comment,
              sellerMessage: feedback.revisionRequest.message,
            }}
          />
        </div>
      )}
    </div>
  );
}

/**
 * A sold line's feedback on /my/selling: the buyer's (with the seller's one reply) and the
 * seller's own positive feedback about the buyer. `askRevision` (the order page): "Ask buyer to
 * revise feedback" under the buyer's neutral or negative feedback, or when it was asked.
 */
export function SaleFeedback({ sale, askRevision = false }: { sale: Sale; askRevision?: boolean }) {
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
          {!fromBuyer.reply && !fromBuyer.removedAt && (
            <ReplyToFeedback feedbackId={fromBuyer.id} />
          )}
          {askRevision && <RequestRevision feedback={fromBuyer} buyerName={sale.buyer.username} />}
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
