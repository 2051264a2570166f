import { toast } from "sonner";
import {
  FEEDBACK_REPORT_REASONS,
  LISTING_REPORT_REASONS,
  REPORT_REASON_LABELS,
  USER_REPORT_REASONS,
} from "../../../../core/contracts/admin";
import { ReportFormDialog } from "../../../components/ui/report-form-dialog";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useCreateReport } from "../api/create-report";

export const REPORT_THANKS = "Thanks. Our moderators will review your report.";

export interface ReportTarget {
  kind: "listing" | "user" | "feedback";
  id: string;
  /** The listing's title, the user's name or the feedback's item, for the dialog's words. */
  name: string;
}

const labelled = <Reason extends string>(reasons: readonly Reason[]) =>
  reasons.map((value) => ({ value, label: REPORT_REASON_LABELS[value] ?? value }));
const LISTING_REASONS = labelled(LISTING_REPORT_REASONS);
const USER_REASONS = labelled(USER_REPORT_REASONS);
const FEEDBACK_REASONS = labelled(FEEDBACK_REPORT_REASONS);

/** Reports a listing or a user's store: a reason and an optional comment, for the moderators. */
export function ReportDialog({
  open,
  target,
  onClose,
}: {
  open: boolean;
  target: ReportTarget;
  onClose: () => void;
}) {
  const report = useCreateReport();
  const listing = target.kind === "listing";

  const send = async (input: Parameters<typeof report.mutateAsync>[0]) => {
    try {
      await report.mutateAsync(input);
      toast.success(REPORT_THANKS);
      return null;
    } catch (failure) {
      return failure instanceof ApiError ? failure.message : UNEXPECTED_MESSAGE;
    }
  };
  const description = (
    <>
      {listing
        ? `Tell us what is wrong with "${target.name}".`
        : `Tell us what is wrong with ${target.name}'s store or behaviour.`}{" "}
      Our moderators review every report; the other party is not told who sent it.
    </>
  );

  if (target.kind === "feedback")
    return (
      <ReportFormDialog
        open={open}
        title="Report this feedback"
        description={
          <>
            Tell us how this feedback about "{target.name}" breaks our feedback policy. Our
            moderators review every report; the other party is not told who sent it.
          </>
        }
        reasons={FEEDBACK_REASONS}
        pending={report.isPending}
        onClose={onClose}
        onSend={(reason, comment) =>
          send({ subjectKind: "feedback", subjectId: target.id, reason, comment })
        }
      />
    );
  return listing ? (
    <ReportFormDialog
      open={open}
      title="Report this listing"
      description={description}
      reasons={LISTING_REASONS}
      pending={report.isPending}
      onClose={onClose}
      onSend={(reason, comment) =>
        send({ subjectKind: "listing", subjectId: target.id, reason, comment })
      }
    />
  ) : (
    <ReportFormDialog
      open={open}
      title={`Report ${target.name}`}
      description={description}
      reasons={USER_REASONS}
      pending={report.isPending}
      onClose={onClose}
      onSend={(reason, comment) =>
        send({ subjectKind: "user", subjectId: target.id, reason, comment })
      }
    />
  );
}
