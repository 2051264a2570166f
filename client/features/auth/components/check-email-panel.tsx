import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { ResendConfirmationButton } from "./resend-confirmation-button";

/**
 * After registering: the server's message, where the link went, and a way to get another. The
 * /register page leaves the message out: its toast has said the account was created, and a
 * second success message beside it said the same thing twice (issue 24).
 */
export function CheckEmailPanel({ message, email }: { message?: string; email: string }) {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <MailCheck aria-hidden="true" className="size-12 text-brand-700" />
      {message && (
        <p role="status" className="text-slate-800">
          {message}
        </p>
      )}
      <p className="text-sm text-slate-700">
        We sent the link to <strong className="text-slate-900">{email}</strong>. It expires in 24
        hours. Didn't get it? Check your spam folder, or send it again.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <ResendConfirmationButton email={email} label="Resend" />
        <Link to="/login" className={buttonClasses("primary", "sm")}>
          Go to Sign in
        </Link>
      </div>
    </div>
  );
}
