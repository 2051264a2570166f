import { useId, useState } from "react";
import { toast } from "sonner";
import type { OrderReturns as OrderReturnsData } from "../../../../core/contracts/returns";
import { MAX_REQUEST_PHOTOS } from "../../../../core/contracts/returns";
import { RETURN_REASON_LABELS, type ReturnReason } from "../../../../core/returns";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { FormActions } from "../../../components/ui/form-actions";
import { FormAlert } from "../../../components/ui/form-alert";
import { Modal } from "../../../components/ui/modal";
import { SelectField } from "../../../components/ui/select-field";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { uploadReturnPhoto, useOpenRequest, useOrderReturns } from "../api/returns";
import { RequestCard } from "./request-card";

type Part = OrderReturnsData["parts"][number];

/** The buyer's "Return item" or "Item not received" form for one seller's part. */
function OpenRequestDialog({
  orderId,
  part,
  kind,
  onClose,
}: {
  orderId: string;
  part: Part;
  kind: "return" | "not_received";
  onClose: () => void;
}) {
  const titleId = useId();
  const detailsId = useId();
  const photosId = useId();
  const [reason, setReason] = useState<ReturnReason | "">("");
  const [details, setDetails] = useState("");
  const [photoIds, setPhotoIds] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = useOpenRequest();
  const title = kind === "return" ? "Return item" : "Item not received";

  return (
    <Modal open={true} onClose={onClose} labelledBy={titleId}>
      <form
        noValidate
        className="flex flex-col gap-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (kind === "return" && !reason) return setError("Choose a reason for the return.");
          if (!details.trim())
            return setError(
              kind === "return"
                ? "Tell the seller what is wrong."
                : "Tell the seller what happened.",
            );
          open.mutate(
            kind === "return"
              ? {
                  kind,
                  orderId,
                  body: {
                    sellerId: part.seller.id,
                    reason: reason as ReturnReason,
                    details: details.trim(),
                    photoIds,
                  },
                }
              : { kind, orderId, body: { sellerId: part.seller.id, details: details.trim() } },
            {
              onSuccess: () => {
                toast.success(
                  `${part.seller.username} was told and has 3 business days to answer.`,
                );
                onClose();
              },
              onError: (failure) =>
                setError(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE),
            },
          );
        }}
      >
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <p className="text-sm text-slate-700">
            {kind === "return"
              ? `Ask ${part.seller.username} to take the item back. They have 3 business days to answer; if they don't, you can ask Tradewinds to step in.`
              : `Tell ${part.seller.username} your parcel has not arrived. They answer with tracking that shows delivery, or refund you.`}
          </p>
        </div>
        <FormAlert>{error}</FormAlert>
        {kind === "return" && (
          <SelectField
            label="Reason"
            value={reason}
            onChange={(v) => setReason(v as ReturnReason)}
            options={[
              { value: "", label: "Choose a reason" },
              ...part.returnReasons.map((r) => ({ value: r, label: RETURN_REASON_LABELS[r] })),
            ]}
          />
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={detailsId} className="text-sm font-semibold">
            {kind === "return" ? "What is wrong" : "What happened"}
          </label>
          <textarea
            id={detailsId}
            rows={4}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            className="w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900"
          />
        </div>
        {kind === "return" && (
          <div className="flex flex-col gap-1">
            <label htmlFor={photosId} className="text-sm font-semibold">
              Photos (up to {MAX_REQUEST_PHOTOS})
            </label>
            <input
              id={photosId}
              type="file"
              accept="image/*"
              multiple
              disabled={uploading}
              className="text-sm"
              onChange={async (e) => {
                const files = [...(e.target.files ?? [])].slice(0, MAX_REQUEST_PHOTOS);
                setUploading(true);
                try {
                  const uploaded = await Promise.all(files.map((f) => uploadReturnPhoto(f)));
                  setPhotoIds(uploaded.map((u) => u.id));
                } catch (failure) {
                  setError(failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE);
                } finally {
                  setUploading(false);
                }
              }}
            />
            <p className="text-xs text-slate-700">
              {uploading ? "Uploading..." : `${photoIds.length} photo(s) added.`}
            </p>
          </div>
        )}
        <FormActions
          onCancel={onClose}
          pending={open.isPending || uploading}
          submitLabel={kind === "return" ? "Open return" : "Send request"}
          pendingLabel="Sending..."
        />
      </form>
    </Modal>
  );
}

/**
 * The order page's returns block: the order's returns and "item not received" requests with each
 * side's next step, and for the buyer "Return item" / "Item not received" where a part allows it.
 */
export function OrderReturns({ orderId, viewer }: { orderId: string; viewer: "buyer" | "seller" }) {
  const query = useOrderReturns(orderId);
  const [opening, setOpening] = useState<{ part: Part; kind: "return" | "not_received" } | null>(
    null,
  );
  const data = query.data;
  if (!data) return null;
  const openable = data.parts.filter((p) => p.canReturn || p.canReportNotReceived);
  if (data.items.length === 0 && openable.length === 0) return null;
  const several = data.parts.length > 1;

  return (
    <section aria-labelledby={`${orderId}-returns`} className="flex flex-col gap-3">
      <h2 id={`${orderId}-returns`} className="text-lg font-bold text-slate-900">
        Returns and problems
      </h2>
      {data.items.map((r) => (
        <RequestCard key={r.id} r={r} viewer={viewer} />
      ))}
      {openable.length > 0 && (
        <div className="flex flex-col gap-2 rounded-xl border border-sand-200 bg-white p-4 text-sm shadow-sm">
          {openable.map((p) => (
            <div key={p.seller.id} className="flex flex-col gap-2">
              <p className="text-slate-800">
                {several ? `${p.seller.username}'s items: ` : ""}
                {p.canReturn
                  ? p.returnUntil
                    ? `Returns accepted until ${formatDateTime(p.returnUntil)}.`
                    : "Covered by the Money Back Guarantee if it is damaged, wrong or not as described."
                  : "Your parcel has not arrived by its estimated date."}
              </p>
              <div className="flex flex-wrap gap-2">
                {p.canReturn && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-haspopup="dialog"
                    onClick={() => setOpening({ part: p, kind: "return" })}
                  >
                    Return item
                  </Button>
                )}
                {p.canReportNotReceived && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-haspopup="dialog"
                    onClick={() => setOpening({ part: p, kind: "not_received" })}
                  >
                    Item not received
                  </Button>
                )}
              </div>
            </div>
          ))}
        </div>
      )}
      {opening && (
        <OpenRequestDialog
          orderId={orderId}
          part={opening.part}
          kind={opening.kind}
          onClose={() => setOpening(null)}
        />
      )}
    </section>
  );
}
