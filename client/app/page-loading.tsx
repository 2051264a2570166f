import { Spinner } from "../components/ui/spinner";

/**
 * The page area while a page opened directly downloads its code (a fraction of a second): the
 * layout is already up around it. At least a screen tall, so the footer starts below the fold and
 * does not jump when the page arrives.
 */
export function PageLoading() {
  return (
    <div className="flex min-h-[100dvh] items-start justify-center pt-24">
      <Spinner />
    </div>
  );
}
