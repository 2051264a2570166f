import { toast } from "sonner";
import { REPORT_REASONS } from "../../../../core/contracts/messages";
import { ReportFormDialog } from "../../../components/ui/report-form-dialog";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { type ReportInput, useReportConversation } from "../api/report-conversation";

const REASON_LABELS: Record<ReportInput["reason"], string> = {
  spam: "Spam",
  harassment: "Harassment or threats",
  scam: "Scam or fraud",
  prohibited_item: "Prohibited item",
  offensive: "Offensive content",
  other: "Something else",
};
const REASONS = REPORT_REASONS.map((value) => ({ value, label: REASON_LABELS[value] }));

/** Reports a conversation for moderation: a reason and an optional comment. */
export function ReportDialog({
  open,
  conversationId,
  otherName,
  onClose,
}: {
  open: boolean;
  conversationId: string;
  otherName: string;
  onClose: () => void;
}) {
  const report = useReportConversation(conversationId);
  return (
    <ReportFormDialog
      open={open}
      title="Report conversation"
      description={`Tell us what is wrong with your conversation with ${otherName}. Our team reviews every report.`}
      reasons={REASONS}
      pending={report.isPending}
      onClose={onClose}
      onSend={async (reason, comment) => {
        try {
          await report.mutateAsync({ reason, comment });
          toast.success("Thanks, we'll review this conversation.");
          return null;
        } catch (failure) {
          return failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE;
        }
      }}
    />
  );
}
