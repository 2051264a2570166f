import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createQueryClient } from "../lib/query-client";
import { SessionProvider } from "../lib/session";
import { Toaster } from "./lazy-sonner";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {children}
        {/* Top-right as the spec says, but below the header's account and cart links: a toast
            such as "added to your cart" must not cover the Cart link the shopper reaches for next. */}
        <Toaster
          position="top-right"
          duration={3000}
          closeButton
          offset={{ top: 112, right: 24 }}
          mobileOffset={{ top: 112, right: 16, left: 16 }}
        />
      </SessionProvider>
    </QueryClientProvider>
  );
}
