import { Clock, Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { SUPPORT_FACTS } from "../../../../core/contracts/support";

/**
 * How to reach support, as it really works: written replies within 24 hours, the phone on
 * weekdays, and at any hour the help centre and Messages. No staffed live chat is promised.
 */
export function SupportFacts({ email, phone }: { email: string; phone: string }) {
  return (
    <section
      aria-labelledby="support-facts"
      className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-6"
    >
      <h2 id="support-facts" className="text-xl font-bold text-slate-900">
        Other ways to get help
      </h2>
      <ul className="flex flex-col gap-4 text-slate-800">
        <li className="flex gap-3">
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            <span className="font-semibold text-slate-900">
              We reply within {SUPPORT_FACTS.replyWithinHours} hours
            </span>
            <br />
            to every message sent with this form, every day of the year.
          </span>
        </li>
        <li className="flex gap-3">
          <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            <span className="font-semibold text-slate-900">Phone {SUPPORT_FACTS.phoneHours}</span>
            <br />
            <a href={`tel:${phone.replace(/[^+\d]/g, "")}`} className="text-brand-800 underline">
              {phone}
            </a>
          </span>
        </li>
        <li className="flex gap-3">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            <span className="font-semibold text-slate-900">Email</span>
            <br />
            <a href={`mailto:${email}`} className="break-all text-brand-800 underline">
              {email}
            </a>
          </span>
        </li>
        <li className="flex gap-3">
          <MessageCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            <span className="font-semibold text-slate-900">Around the clock</span>
            <br />
            Search the{" "}
            <Link to="/help" className="text-brand-800 underline">
              Help Center
            </Link>{" "}
            at any hour, and ask a buyer or seller directly in{" "}
            <Link to="/messages" className="text-brand-800 underline">
              Messages
            </Link>
            .
          </span>
        </li>
      </ul>
    </section>
  );
}
