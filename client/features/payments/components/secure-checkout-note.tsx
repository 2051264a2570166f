import { Lock } from "lucide-react";
import { usePaymentProvider } from "../api/get-payment-provider";

/** "Secure checkout powered by {provider}" (spec), naming the provider the server is set up with. */
export function SecureCheckoutNote() {
  const provider = usePaymentProvider();
  return (
    <p className="text-center text-sm text-slate-700">
      <Lock aria-hidden="true" className="mr-1 inline size-4 align-[-3px]" />
      Secure checkout powered by{" "}
      {provider.data ? (
        <span className="font-semibold text-slate-900">{provider.data.name}</span>
      ) : (
        "our payment provider"
      )}
    </p>
  );
}
