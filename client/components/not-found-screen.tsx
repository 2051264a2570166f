import { ArrowLeft, Compass } from "lucide-react";
import { Link } from "react-router";
import { useGoBack } from "../lib/use-go-back";
import { buttonClasses } from "./ui/button";
import { PageTitle } from "./ui/page-title";

/** "Page Not Found", for every unknown path and /404. */
export function NotFoundScreen() {
  const goBack = useGoBack("/");
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <PageTitle title="Page Not Found" />
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <Compass aria-hidden="true" className="size-14 text-brand-600" />
        <p className="text-5xl font-extrabold text-brand-800">404</p>
        <h1 className="text-2xl font-bold text-slate-900">Page Not Found</h1>
        <p className="text-slate-700">
          The page you're looking for doesn't exist or has been moved.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <button type="button" onClick={goBack} className={buttonClasses("outline", "lg")}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Go Back
          </button>
          <Link to="/" className={buttonClasses("primary", "lg")}>
            Return Home
          </Link>
        </div>
      </div>
    </div>
  );
}
