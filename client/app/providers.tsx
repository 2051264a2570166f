import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "sonner";
import { createQueryClient } from "../lib/query-client";
import { SessionProvider } from "../lib/session";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {children}
        <Toaster position="top-right" duration={3000} closeButton />
      </SessionProvider>
    </QueryClientProvider>
  );
}
