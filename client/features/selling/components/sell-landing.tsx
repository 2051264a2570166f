import {
  Calculator,
  Camera,
  CircleDollarSign,
  FileText,
  HelpCircle,
  LayoutList,
  LifeBuoy,
  type LucideIcon,
  Mail,
  PencilLine,
  Receipt,
  ShieldCheck,
  Truck,
} from "lucide-react";
import { Link } from "react-router";
import { MAX_PHOTOS_PER_LISTING } from "../../../../core/limits";
import { buttonClasses } from "../../../components/ui/button";

const HOW_TO: { title: string; text: string; Icon: LucideIcon }[] = [
  {
    title: "Take photos",
    text: `Shoot in daylight against a plain background. Add up to ${MAX_PHOTOS_PER_LISTING} photos per listing; the first is the one buyers see first.`,
    Icon: Camera,
  },
  {
    title: "Describe it",
    text: "A clear title, the condition, and the details buyers ask about: size, brand, flaws, what's included.",
    Icon: PencilLine,
  },
  {
    title: "Price it",
    text: "Sell at a set price, or start an auction and let buyers bid. Check what similar items sold for.",
    Icon: CircleDollarSign,
  },
  {
    title: "Ship it",
    text: "Set a shipping price (or offer it free), choose your return policy, and ship soon after the sale.",
    Icon: Truck,
  },
];

const TOOLS: { to: string; label: string; text: string; Icon: LucideIcon }[] = [
  {
    to: "/sell/calculator",
    label: "Fee calculator",
    text: "See what you pay and what you keep.",
    Icon: Calculator,
  },
  {
    to: "/help/selling-fees",
    label: "Selling fees",
    text: "Insertion, final value and upgrade fees.",
    Icon: Receipt,
  },
  {
    to: "/my/selling",
    label: "Your listings",
    text: "Edit, view or delete what you sell.",
    Icon: LayoutList,
  },
];

const SUPPORT: { to: string; label: string; text: string; Icon: LucideIcon }[] = [
  {
    to: "/help/selling",
    label: "Selling help",
    text: "Answers to sellers' common questions.",
    Icon: HelpCircle,
  },
  {
    to: "/seller-protection",
    label: "Seller protection",
    text: "How we keep you safe from fraud.",
    Icon: ShieldCheck,
  },
  {
    to: "/policies",
    label: "Selling policies",
    text: "What may be sold, and how.",
    Icon: FileText,
  },
  {
    to: "/contact",
    label: "Contact us",
    text: "We reply within 24 hours; chat is open 24/7.",
    Icon: Mail,
  },
];

function LinkList({
  id,
  title,
  Icon,
  links,
}: {
  id: string;
  title: string;
  Icon: LucideIcon;
  links: typeof TOOLS;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Icon aria-hidden="true" className="size-5 text-brand-700" />
        {title}
      </h2>
      <ul className="flex flex-col divide-y divide-sand-200">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="group flex items-start gap-3 rounded-lg py-3 hover:bg-brand-50 sm:px-2"
            >
              <link.Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span className="flex flex-col">
                <span className="font-semibold text-brand-800 group-hover:underline">
                  {link.label}
                </span>
                <span className="text-sm text-slate-700">{link.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /sell: start a listing, four how-to cards, seller tools and support (spec, accounts section 2). */
export function SellLanding() {
  return (
    <div className="flex flex-col gap-10">
      <section className="on-dark overflow-hidden rounded-3xl bg-gradient-to-br from-brand-800 to-brand-950 px-6 py-10 text-white sm:px-10 sm:py-14">
        <div className="flex max-w-2xl flex-col gap-4">
          <h1 className="text-3xl font-extrabold sm:text-4xl">Sell on Tradewinds</h1>
          <p className="text-lg text-brand-50">
            Reach buyers across the Caribbean. Your first 3 listings each month are free.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/sell/create" className={buttonClasses("accent", "lg")}>
              List an Item
            </Link>
            <Link
              to="/sell/calculator"
              // The outline variant is for light backgrounds; on the banner it is drawn in white.
              className="inline-flex h-12 items-center justify-center rounded-lg border-2 border-white px-6 font-semibold text-white transition-colors hover:bg-white/10"
            >
              Estimate your fees
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-to-sell" className="flex flex-col gap-4">
        <h2 id="how-to-sell" className="text-2xl font-bold text-slate-900">
          How to sell
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {HOW_TO.map(({ title, text, Icon }, index) => (
            <li
              key={title}
              className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
            >
              <span className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="text-sm font-semibold text-slate-700">Step {index + 1}</span>
              </span>
              <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
              <p className="text-slate-700">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <LinkList id="seller-tools" title="Seller Tools" Icon={Calculator} links={TOOLS} />
        <LinkList id="seller-support" title="Seller Support" Icon={LifeBuoy} links={SUPPORT} />
      </div>
    </div>
  );
}
