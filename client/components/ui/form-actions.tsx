import { Button, type ButtonVariant } from "./button";

/**
 * The buttons at the end of a dialog's form: a way out (Cancel), then the form's submit button,
 * which says what is happening while the request runs ("Saving..."). Both wait while it runs, so
 * the dialog is neither closed nor sent twice mid-request.
 */
export function FormActions({
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
  cancelLabel = "Cancel",
  variant,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  /** The submit button's look (the site's primary by default). */
  variant?: ButtonVariant;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={variant} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
