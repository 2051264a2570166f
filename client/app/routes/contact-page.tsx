import { Link } from "react-router";
import { SUPPORT_EMAIL, SUPPORT_PHONE } from "../../components/layouts/site-footer";
import { Breadcrumb } from "../../components/ui/breadcrumb";
import { PageTitle } from "../../components/ui/page-title";
import { ContactForm } from "../../features/support/components/contact-form";
import { SupportFacts } from "../../features/support/components/support-facts";

/** /contact (public): the Contact Us form beside the other ways to reach support. */
export function ContactPage() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <PageTitle title="Contact Us" />
      <Breadcrumb
        items={[
          { label: "Home", to: "/" },
          { label: "Help Center", to: "/help" },
          { label: "Contact Us" },
        ]}
      />
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Contact Us</h1>
        <p className="max-w-3xl text-lg text-slate-700">
          Tell us what you need and we will get back to you by email. Many answers are already in
          the{" "}
          <Link to="/help" className="font-semibold text-brand-800 underline">
            Help Center
          </Link>
          .
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ContactForm />
        <SupportFacts email={SUPPORT_EMAIL} phone={SUPPORT_PHONE} />
      </div>
    </div>
  );
}
