import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { Session as SessionPayload, SessionUser } from "../../core/contracts/accounts";
import { apiGet, apiRequest, SESSION_ENDED_EVENT, trusted } from "./api-client";
import { queryKeys } from "./query-keys";

export type { SessionUser };

/**
 * The session's cache rules (session-cache.ts) load on demand: a visitor's first page needs none.
 * A signed-in page fetches them at once (below), so signing out never waits for them.
 */
const loadSessionCache = () => import("./session-cache");

/** GET /api/auth/session: who is signed in (the server keeps the session; the cookie is httpOnly). */
export function getSession(signal?: AbortSignal): Promise<SessionPayload> {
  return apiGet("/api/auth/session", trusted<SessionPayload>(), { signal });
}

/** POST /api/auth/logout: ends the session on the server. */
export function logout() {
  return apiRequest("/api/auth/logout", trusted<{ message: string }>(), { method: "POST" });
}

const beforeSignOut = new Set<() => Promise<void>>();

/**
 * Runs `task` before this page asks the server to sign out (at most 2 seconds are waited for
 * it), for work that still needs the session, such as saving the cart's last change.
 * Returns the unsubscribe function.
 */
export function onBeforeSignOut(task: () => Promise<void>): () => void {
  beforeSignOut.add(task);
  return () => beforeSignOut.delete(task);
}

function runBeforeSignOut(): Promise<unknown> {
  const tasks = [...beforeSignOut].map((task) => task().catch(() => undefined));
  return Promise.race([Promise.all(tasks), new Promise((done) => setTimeout(done, 2000))]);
}

export type AuthModalTab = "login" | "register";

export interface OpenSignInOptions {
  /** Runs once, right after someone signs in through the modal (the action that asked for it). */
  resume?: () => void;
  tab?: AuthModalTab;
  /** Why the modal opened ("Please login to place a bid."), shown at its top. */
  reason?: string;
}

/** Who is signed in, as the rest of the page sees it. */
export interface Session {
  user: SessionUser | null;
  /** True until the server has said who is signed in. */
  isLoading: boolean;
  /** True when the server could not be asked (network or server failure). */
  isError: boolean;
  refetch: () => void;
  /** Opens the sign-in modal. */
  openSignIn: (options?: OpenSignInOptions) => void;
  /** Ends the session on the server, then forgets everything personal the page holds. */
  signOut: () => Promise<void>;
  isSigningOut: boolean;
  /**
   * True from the moment this page asked to sign out until someone signs in again: a
   * signed-in-only page then goes home (spec: sign-out returns to /), not to /login.
   */
  signedOutHere: boolean;
}

/** The auth modal's state, for the one modal the root layout renders. */
export interface AuthModalState {
  open: boolean;
  tab: AuthModalTab;
  reason: string | undefined;
  setTab: (tab: AuthModalTab) => void;
  /** Closes the modal; `signedIn` lets the action that opened it go on. */
  close: (signedIn: boolean) => void;
}

const SessionContext = createContext<Session | null>(null);
const AuthModalContext = createContext<AuthModalState | null>(null);

/**
 * The one seam between the page and accounts: the session query, the sign-in modal's state and
 * sign-out. An action that needs an account opens the modal with a continuation; it runs after
 * sign-in has re-rendered the page, so it sees the signed-in state.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.session.current,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
    // Signing out in another tab shows here when the visitor comes back.
    refetchOnWindowFocus: true,
  });
  const user = query.data?.user ?? null;

  // Any call answered "not signed in" means the page's idea of the session is stale: ask again.
  useEffect(() => {
    const recheck = () =>
      void loadSessionCache().then(({ afterUnauthorizedAnswer }) =>
        afterUnauthorizedAnswer(queryClient),
      );
    window.addEventListener(SESSION_ENDED_EVENT, recheck);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, recheck);
  }, [queryClient]);

  const signedIn = user !== null;
  useEffect(() => {
    if (signedIn) void loadSessionCache().catch(() => undefined); // fetched again when used
  }, [signedIn]);

  const [modal, setModal] = useState<{ open: boolean; tab: AuthModalTab; reason?: string }>({
    open: false,
    tab: "login",
  });
  const pending = useRef<(() => void) | null>(null);

  const openSignIn = useCallback((options: OpenSignInOptions = {}) => {
    pending.current = options.resume ?? null;
    setModal({ open: true, tab: options.tab ?? "login", reason: options.reason });
  }, []);

  const close = useCallback((signedIn: boolean) => {
    if (!signedIn) pending.current = null;
    setModal((current) => ({ ...current, open: false }));
  }, []);

  const setTab = useCallback((tab: AuthModalTab) => setModal((m) => ({ ...m, tab })), []);

  // After the modal closed on a sign-in, and the page re-rendered signed in, resume the action.
  useEffect(() => {
    if (!user || modal.open || !pending.current) return;
    const resume = pending.current;
    pending.current = null;
    resume();
  }, [user, modal.open]);

  const signOutMutation = useMutation({
    mutationFn: logout,
    // Whatever the answer, this page forgets the user: a failed call still must not show them.
    onSettled: () => loadSessionCache().then(({ afterSignOut }) => afterSignOut(queryClient)),
  });
  const { mutateAsync: signOutAsync, isPending: isSigningOut } = signOutMutation;

  // Set before the call, so whichever renders first (the way home or the ended session), a
  // signed-in-only page already knows the user left on purpose.
  const [signedOutHere, setSignedOutHere] = useState(false);
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId) setSignedOutHere(false);
  }, [userId]);

  const signOut = useCallback(async () => {
    setSignedOutHere(true);
    await runBeforeSignOut();
    try {
      await signOutAsync();
    } catch {
      // onSettled already signed the page out; the server session expires on its own.
    }
  }, [signOutAsync]);

  const { isPending, isError, refetch } = query;
  const session = useMemo<Session>(
    () => ({
      user,
      isLoading: isPending,
      isError: isError && !user,
      refetch: () => void refetch(),
      openSignIn,
      signOut,
      isSigningOut,
      signedOutHere,
    }),
    [user, isPending, isError, refetch, openSignIn, signOut, isSigningOut, signedOutHere],
  );
  const modalState = useMemo<AuthModalState>(
    () => ({ open: modal.open, tab: modal.tab, reason: modal.reason, setTab, close }),
    [modal, setTab, close],
  );

  return (
    <SessionContext value={session}>
      <AuthModalContext value={modalState}>{children}</AuthModalContext>
    </SessionContext>
  );
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession needs a SessionProvider");
  return session;
}

export function useAuthModal(): AuthModalState {
  const modal = useContext(AuthModalContext);
  if (!modal) throw new Error("useAuthModal needs a SessionProvider");
  return modal;
}
