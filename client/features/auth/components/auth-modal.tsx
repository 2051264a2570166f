import { X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import { cn } from "../../../lib/cn";
import { type AuthModalTab, useAuthModal } from "../../../lib/session";
import { useModalDialog } from "../../../lib/use-modal-dialog";
import { LoginForm } from "./login-form";
import { ModalRegisterForm } from "./modal-register-form";

const TABS: { id: AuthModalTab; label: string; title: string }[] = [
  { id: "login", label: "Login", title: "Sign in to Tradewinds" },
  { id: "register", label: "Register", title: "Create your Tradewinds account" },
];

/**
 * The sign-in modal any action needing an account opens (spec: Login and Register tabs). A native
 * modal <dialog>: focus stays inside, Escape closes it, focus returns to what opened it.
 */
export function AuthModal() {
  const { open, tab, reason, setTab, close } = useAuthModal();
  const dialog = useModalDialog(open);
  const openRef = useRef(open);
  openRef.current = open;
  const titleId = useId();
  const baseId = useId();
  const location = useLocation();
  // The forms render only while open, so each opening starts them fresh, and on the first field.
  useEffect(() => {
    if (open) dialog.current?.querySelector<HTMLInputElement>("[role=tabpanel] input")?.focus();
  }, [open, dialog]);

  // Following a link out of the modal (the user agreement, say) closes it. Only a change of
  // location counts: the modal is loaded on first use, already open, and must not close itself
  // on mounting.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    if (openRef.current) close(false);
  }, [location.key, close]);

  const current = TABS.find((t) => t.id === tab) ?? TABS[0];

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.id === tab);
    let next = index;
    if (event.key === "ArrowRight") next = (index + 1) % TABS.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = TABS.length - 1;
    else return;
    event.preventDefault();
    const target = TABS[next];
    if (!target) return;
    setTab(target.id);
    document.getElementById(`${baseId}-tab-${target.id}`)?.focus();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={reason ? `${baseId}-reason` : undefined}
      onClose={() => {
        // Escape, or the close button: the action that opened the modal is dropped.
        if (openRef.current) close(false);
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl bg-white p-0 text-base text-slate-900 shadow-2xl backdrop:bg-slate-950/50 [--focus-ring:var(--color-brand-600)]"
    >
      <div className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold text-slate-900">
            {current?.title}
          </h2>
          <button
            type="button"
            aria-label="Close"
            onClick={() => close(false)}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {reason && (
          <p id={`${baseId}-reason`} className="-mt-2 text-slate-700">
            {reason}
          </p>
        )}
        <div
          role="tablist"
          aria-label="Sign in or register"
          className="grid grid-cols-2 gap-1 rounded-xl bg-sand-100 p-1"
        >
          {TABS.map((t) => (
            <button
              key={t.id}
              id={`${baseId}-tab-${t.id}`}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              aria-controls={`${baseId}-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
              onKeyDown={onTabKeyDown}
              className={cn(
                "h-10 rounded-lg text-sm font-semibold",
                tab === t.id
                  ? "bg-white text-brand-900 shadow-sm"
                  : "text-slate-800 hover:bg-white/60",
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
        {open &&
          TABS.filter((t) => t.id === tab).map((t) => (
            <div
              key={t.id}
              id={`${baseId}-panel-${t.id}`}
              role="tabpanel"
              aria-labelledby={`${baseId}-tab-${t.id}`}
            >
              {t.id === "login" ? (
                <LoginForm
                  variant="modal"
                  onSignedIn={() => close(true)}
                  onLeave={() => close(false)}
                />
              ) : (
                <ModalRegisterForm />
              )}
            </div>
          ))}
      </div>
    </dialog>
  );
}
