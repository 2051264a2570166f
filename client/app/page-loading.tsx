import { Spinner } from "../components/ui/spinner";

/** The whole window while a page opened directly downloads its code (a fraction of a second). */
export function PageLoading() {
  return (
    <main className="flex min-h-screen items-center justify-center">
      <Spinner />
    </main>
  );
}
