import { useLoaderData } from "react-router";
import type { ContentPage } from "../../../content/content-page";
import { HelpCentre } from "../../features/help/components/help-centre";

/** /help (public): search, topics and popular questions over every help, fee and policy page. */
export function HelpCentrePage() {
  const pages = useLoaderData() as { path: string; page: ContentPage }[];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <HelpCentre pages={pages} />
    </div>
  );
}
