import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen } from "./error-screen";

/** The last line of defence above the router: anything that escapes shows the error screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("Unhandled error", error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? (
      <main className="min-h-screen bg-sand-50">
        <ErrorScreen />
      </main>
    ) : (
      this.props.children
    );
  }
}
