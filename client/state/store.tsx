import { createContext, useContext, useEffect, useMemo, useReducer, type ReactNode } from "react";
import { ROLES, type Role } from "@shared/core/roles";

/**
 * The client's own state: the theme and the session. Data from the server (pages, reviews, settings,
 * parcels) lives in Apollo's cache (client/apollo.ts), the one place screens read it.
 */
export type Theme = "LIGHT" | "DARK";

/**
 * The session: the one place that holds whether a member of the staff is signed in, and as whom. Set
 * from the start-up graph (admin, role), from `me` when the control panel opens or after sign-in, and
 * cleared on sign-out or when the server answers UNAUTHENTICATED. Only `admin` outlives the page (the
 * spec's saved state); the rest is asked again each time.
 */
export interface Session {
  admin: boolean;
  role: Role | null;
  email: string | null;
  totpEnabled: boolean;
  /** The owner requires two-step sign-in and this member has not set it up: only My Account works. */
  totpSetupRequired: boolean;
  /** Whether the server was asked (`me`) since the page loaded. */
  checked: boolean;
  /** The member's name (how others see them) and chosen control-panel language (null: not chosen, the browser's). */
  name: string | null;
  language: string | null;
}

export interface State {
  theme: Theme;
  /** The theme was chosen with the toggle (and is saved); otherwise it follows the browser's preference (prefers-color-scheme). */
  themeChosen: boolean;
  user: boolean;
  session: Session;
}

const SIGNED_OUT: Session = {
  admin: false,
  role: null,
  email: null,
  totpEnabled: false,
  totpSetupRequired: false,
  checked: false,
  name: null,
  language: null,
};
export const initialState: State = { theme: "LIGHT", themeChosen: false, user: false, session: SIGNED_OUT };

/** The browser's preferred theme (prefers-color-scheme), light where it cannot be asked (the server's render). */
export function preferredTheme(): Theme {
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches ? "DARK" : "LIGHT";
}

/** The `me` answer (null when signed out). */
export interface Me {
  email: string;
  role: string;
  totp_enabled: boolean | null;
  totp_setup_required: boolean | null;
  name?: string | null;
  language?: string | null;
}

export type Action =
  | { type: "theme/toggle" }
  | { type: "theme/preferred"; theme: Theme }
  | { type: "user/set"; user: boolean }
  | { type: "session/graph"; admin: boolean; role: string | null | undefined }
  | { type: "session/me"; me: Me | null }
  | { type: "session/checked" }
  | { type: "session/profile"; name: string | null; language: string | null }
  | { type: "session/signedOut" };

export const asRole = (r: string | null | undefined): Role | null => ((ROLES as readonly string[]).includes(r ?? "") ? (r as Role) : null);

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "theme/toggle":
      return { ...state, theme: state.theme === "LIGHT" ? "DARK" : "LIGHT", themeChosen: true };
    case "theme/preferred":
      // The browser's preference changed: followed until the visitor chooses with the toggle.
      return state.themeChosen || state.theme === action.theme ? state : { ...state, theme: action.theme };
    case "user/set":
      return { ...state, user: action.user };
    case "session/graph":
      // The start-up graph says whether there is a session; who it is comes from `me`.
      if (!action.admin) return { ...state, session: { ...SIGNED_OUT, checked: state.session.checked } };
      return { ...state, session: { ...state.session, admin: true, role: asRole(action.role) ?? state.session.role } };
    case "session/me": {
      const me = action.me;
      if (!me) return { ...state, session: { ...SIGNED_OUT, checked: true } };
      return {
        ...state,
        session: {
          admin: true,
          role: asRole(me.role),
          email: me.email,
          totpEnabled: me.totp_enabled === true,
          totpSetupRequired: me.totp_setup_required === true,
          checked: true,
          name: me.name ?? null,
          language: me.language ?? null,
        },
      };
    }
    case "session/profile":
      return { ...state, session: { ...state.session, name: action.name, language: action.language } };
    case "session/checked":
      return { ...state, session: { ...state.session, checked: true } };
    case "session/signedOut":
      return { ...state, session: { ...SIGNED_OUT, checked: true } };
  }
}

/** The saved state under localStorage "state" (the spec's key): theme, admin, user, and the start-up graph (client/modules/graph/siteGraph.ts). */
const KEY = "state";

/** The saved object, or {} when there is none or it cannot be read. */
export function readSaved(): Record<string, unknown> {
  // The server's render (client/entry-server.tsx) has no saved state.
  if (typeof localStorage === "undefined") return {};
  try {
    const raw = localStorage.getItem(KEY);
    const saved: unknown = raw ? JSON.parse(raw) : {};
    return saved && typeof saved === "object" && !Array.isArray(saved) ? (saved as Record<string, unknown>) : {};
  } catch (e) {
    console.warn("could not read saved state", e);
    return {};
  }
}

/** Saves these parts over the saved ones; a failed save is only logged. */
export function save(parts: Record<string, unknown>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...readSaved(), ...parts }));
  } catch (e) {
    console.warn("could not save state", e);
  }
}

export function loadState(): State {
  const saved = readSaved();
  const chosen = saved.theme === "DARK" || saved.theme === "LIGHT";
  return {
    theme: chosen ? (saved.theme as Theme) : preferredTheme(),
    themeChosen: chosen,
    user: saved.user === true,
    session: { ...SIGNED_OUT, admin: saved.admin === true },
  };
}

const StoreContext = createContext<{ state: State; dispatch: (a: Action) => void } | null>(null);

export function StoreProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, undefined, loadState);
  // The theme is saved only once chosen: until then each page load follows the browser's preference (index.html's script too).
  useEffect(
    () => save({ theme: state.themeChosen ? state.theme : undefined, admin: state.session.admin, user: state.user }),
    [state.theme, state.themeChosen, state.session.admin, state.user],
  );
  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const query = matchMedia("(prefers-color-scheme: dark)");
    const follow = () => dispatch({ type: "theme/preferred", theme: query.matches ? "DARK" : "LIGHT" });
    query.addEventListener?.("change", follow);
    return () => query.removeEventListener?.("change", follow);
  }, []);
  const value = useMemo(() => ({ state, dispatch }), [state]);
  return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>;
}

export function useStore() {
  const ctx = useContext(StoreContext);
  if (!ctx) throw new Error("useStore outside StoreProvider");
  return ctx;
}

/** The session (see Session): what every screen and guard reads. */
export const useSession = (): Session => useStore().state.session;
