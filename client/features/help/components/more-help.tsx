import { LifeBuoy, Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { SUPPORT_FACTS } from "../../../../core/contracts/support";

/**
 * Where to turn next, with what support really offers: a reply within 24 hours, the phone on
 * weekdays, and round the clock the help centre and Messages (no staffed chat is promised).
 */
export function MoreHelp() {
  return (
    <section
      aria-labelledby="more-help"
      className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-6"
    >
      <h2 id="more-help" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <LifeBuoy aria-hidden="true" className="size-5 text-brand-700" />
        Still need help?
      </h2>
      <ul className="grid gap-4 text-sm text-slate-800 sm:grid-cols-3">
        <li className="flex gap-3">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            <Link to="/contact" className="font-semibold text-brand-800 underline">
              Contact us
            </Link>
            <br />
            We reply within {SUPPORT_FACTS.replyWithinHours} hours.
          </span>
        </li>
        <li className="flex gap-3">
          <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            <span className="font-semibold text-slate-900">Phone</span>
            <br />
            {SUPPORT_FACTS.phoneHours}
          </span>
        </li>
        <li className="flex gap-3">
          <MessageCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            <span className="font-semibold text-slate-900">24/7</span>
            <br />
            The{" "}
            <Link to="/help" className="font-semibold text-brand-800 underline">
              Help Center
            </Link>{" "}
            any time, and{" "}
            <Link to="/messages" className="font-semibold text-brand-800 underline">
              Messages
            </Link>{" "}
            with buyers and sellers.
          </span>
        </li>
      </ul>
    </section>
  );
}
