import { useEffect } from "react";
import { useRouteError } from "react-router";
import { ErrorScreen } from "../components/error-screen";

/** A page crashed: the layout stays, the page shows the error screen. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error("Route error", error), [error]);
  return <ErrorScreen />;
}

/** The layout itself crashed: the error screen takes the whole window. */
export function RootError() {
  const error = useRouteError();
  useEffect(() => console.error("Layout error", error), [error]);
  return (
    <main className="min-h-screen bg-sand-50">
      <ErrorScreen />
    </main>
  );
}
