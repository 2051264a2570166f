import { Clock, Mail, MessageCircle, Phone, Sailboat } from "lucide-react";
import { Link } from "react-router";
import { CurrencySelect } from "./currency-select";

export const SUPPORT_EMAIL = "support@tradewinds.example";
export const SUPPORT_PHONE = "+1 (876) 555-0100";

const COLUMNS = [
  {
    title: "About",
    links: [
      { to: "/policies", label: "Policies" },
      { to: "/security", label: "Security Center" },
      { to: "/privacy", label: "Privacy Notice" },
      { to: "/terms", label: "Terms of Use" },
    ],
  },
  {
    title: "Customer Service",
    links: [
      { to: "/help", label: "Help Center" },
      { to: "/contact", label: "Contact Us" },
      { to: "/account/returns", label: "Returns" },
      { to: "/advanced-search", label: "Advanced Search" },
    ],
  },
  {
    title: "Selling",
    links: [
      { to: "/sell", label: "Start Selling" },
      { to: "/how-to-sell", label: "How to Sell" },
      { to: "/help/selling-fees", label: "Selling Fees" },
      { to: "/seller-protection", label: "Seller Protection" },
      { to: "/seller-center", label: "Seller Center" },
    ],
  },
];

const linkClass = "text-brand-100 hover:text-white hover:underline";

// Titles like "Customer Service" hold spaces, which an id (and so aria-labelledby) cannot.
const footerHeadingId = (title: string) =>
  `footer-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

export function SiteFooter() {
  return (
    <footer className="on-dark mt-16 bg-brand-950 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        {COLUMNS.map((column) => (
          <section key={column.title} aria-labelledby={footerHeadingId(column.title)}>
            <h2 id={footerHeadingId(column.title)} className="mb-3 font-semibold text-white">
              {column.title}
            </h2>
            <ul className="flex flex-col gap-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 font-semibold text-white">
            Contact
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
                {SUPPORT_EMAIL}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              <a href="tel:+18765550100" className={linkClass}>
                {SUPPORT_PHONE}
              </a>
            </li>
            <li className="flex items-center gap-2 text-brand-100">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              Support replies within 24 hours
            </li>
            <li className="flex items-center gap-2 text-brand-100">
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              Phone Mon-Fri 9-5 EST
            </li>
            <li className="flex items-center gap-2 text-brand-100">
              <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
              Chat 24/7
            </li>
          </ul>
        </section>
      </div>
      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-5 text-sm text-brand-100 sm:flex-row">
          <p className="flex items-center gap-2 font-semibold text-white">
            <Sailboat aria-hidden="true" className="size-5" />
            Tradewinds
          </p>
          <CurrencySelect />
          <p>© {new Date().getFullYear()} Tradewinds. Buy and sell across the Caribbean.</p>
        </div>
      </div>
    </footer>
  );
}
