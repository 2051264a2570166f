import { type ComponentProps, useEffect, useState } from "react";

/**
 * What `import ... from "sonner"` gives the app's own code in a build (vite.config.ts's lazySonner
 * plugin points it here; this file alone reaches the real package): the same `toast` and
 * `<Toaster>`, but the library (33 kB of script) downloads when the first toast is raised instead of
 * before the first page shows. Most visits never raise one.
 *
 * A toast raised before the library is in is queued, then replayed once the real Toaster has
 * mounted (it only shows toasts raised after it subscribed). Its id is decided here, so the caller
 * gets the id sonner will use, as with the library itself.
 */
type Sonner = typeof import("sonner");
type Toast = Sonner["toast"];

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
/** True once a real Toaster is mounted and listening. */
let ready = false;
const queue: ((toast: Toast) => void)[] = [];
/** The lazy Toaster's way of hearing that a toast is waiting. */
let wake: (() => void) | null = null;
let nextId = 0;

function load(): Promise<Sonner> {
  loading ??= import("sonner").then((module) => {
    sonner = module;
    return module;
  });
  return loading;
}

function flush() {
  if (!sonner || !ready) return;
  for (const call of queue.splice(0)) call(sonner.toast);
}

function enqueue(call: (toast: Toast) => void) {
  queue.push(call);
  if (ready) flush();
  else wake?.();
}

type Data = { id?: string | number } & Record<string, unknown>;

/** Passes the call on with an id fixed now, so it can be returned at once. */
function withId(
  invoke: (toast: Toast, message: unknown, data: Data) => unknown,
): (message: unknown, data?: Data) => string | number {
  return (message, data) => {
    const id = data?.id ?? `toast-${++nextId}`;
    enqueue((toast) => invoke(toast, message, { ...data, id }));
    return id;
  };
}

const base = withId((toast, message, data) =>
  toast(message as Parameters<Toast>[0], data as Parameters<Toast>[1]),
);
const KINDS = ["success", "error", "info", "warning", "message", "loading"] as const;

/**
 * sonner's `toast`: callable, with its kinds as methods. Any other method (dismiss, promise,
 * custom, ...) is passed on as it is once the library is in.
 */
export const toast = new Proxy(base, {
  get(target, property, receiver) {
    if (typeof property !== "string" || property in Function.prototype) {
      return Reflect.get(target, property, receiver);
    }
    if ((KINDS as readonly string[]).includes(property)) {
      return withId((toast, message, data) =>
        (toast[property as (typeof KINDS)[number]] as (m: unknown, d: unknown) => unknown)(
          message,
          data,
        ),
      );
    }
    return (...args: unknown[]) =>
      enqueue((toast) => (toast[property as keyof Toast] as (...a: unknown[]) => unknown)(...args));
  },
}) as unknown as Toast;

/** sonner's Toaster, mounted (and the library fetched) when the first toast is raised. */
export function Toaster(props: ComponentProps<Sonner["Toaster"]>) {
  const [module, setModule] = useState<Sonner | null>(sonner);
  useEffect(() => {
    if (module) return;
    wake = () => void load().then((loaded) => setModule(() => loaded));
    if (queue.length > 0) wake();
    return () => {
      wake = null;
    };
  }, [module]);
  useEffect(() => {
    if (!module) return;
    // The real Toaster's own effect (its subscription) ran before this one: replay what waited.
    ready = true;
    flush();
    return () => {
      ready = false;
    };
  }, [module]);
  if (!module) return null;
  const RealToaster = module.Toaster;
  return <RealToaster {...props} />;
}
