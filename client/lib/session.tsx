import { createContext, type ReactNode, useContext } from "react";

/** Who is signed in, as the rest of the page sees it. */
export interface SessionUser {
  id: string;
  username: string;
}

export interface Session {
  user: SessionUser | null;
  /** Opens the sign-in form; a no-op until accounts exist. */
  openSignIn: () => void;
}

const signedOut: Session = { user: null, openSignIn: () => {} };

const SessionContext = createContext<Session>(signedOut);

/**
 * The one seam between the page and accounts. Today nobody can sign in, so the provider always
 * says signed out; the accounts work replaces `value` with the real session.
 */
export function SessionProvider({ value, children }: { value?: Session; children: ReactNode }) {
  return <SessionContext value={value ?? signedOut}>{children}</SessionContext>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}
