import { createContext, useContext, useEffect, useMemo, useReducer, type ReactNode } from "react";

/** The client state of spec section 3; saved whole to localStorage under "state". */
export interface PageItem {
  id: number;
  slug: string;
  title: string;
  sub_title: string;
  icon: string;
  hero: string;
  overlay: string;
  content: string;
}
export interface ReviewItem {
  id: number;
  name: string;
  review: string;
  image: string;
}
export interface PublicSettingsState {
  meta_description: string;
  chat_code: string;
  contact_email: string;
  contact_phone: string;
  contact_phone_alt: string;
  contact_twitter: string;
  contact_telegram: string;
  contact_instagram: string;
  contact_address: string;
}
export interface ParcelState {
  data: unknown | null;
  errors: string[];
  fetching: boolean;
}
export type Theme = "LIGHT" | "DARK";

export interface State {
  theme: Theme;
  admin: boolean;
  user: boolean;
  pages: Record<string, PageItem>;
  parcel: ParcelState;
  parcels: unknown[];
  reviews: ReviewItem[];
  settings: PublicSettingsState | null;
}

export const initialState: State = {
  theme: "LIGHT",
  admin: false,
  user: false,
  pages: {},
  parcel: { data: null, errors: [], fetching: false },
  parcels: [],
  reviews: [],
  settings: null,
};

export type Action =
  | { type: "theme/toggle" }
  | { type: "admin/set"; admin: boolean }
  | { type: "user/set"; user: boolean }
  | { type: "graph/loaded"; pages: PageItem[]; admin: boolean; reviews: ReviewItem[]; settings: PublicSettingsState }
  | { type: "parcel/reset" }
  | { type: "parcel/fetching" }
  | { type: "parcel/result"; data: unknown | null; errors: string[] };

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "theme/toggle":
      return { ...state, theme: state.theme === "LIGHT" ? "DARK" : "LIGHT" };
    case "admin/set":
      return { ...state, admin: action.admin };
    case "user/set":
      return { ...state, user: action.user };
    case "graph/loaded":
      if (!action.pages) return state;
      return {
        ...state,
        pages: Object.fromEntries(action.pages.map((p) => [p.slug, p])),
        admin: action.admin,
        reviews: action.reviews,
        settings: action.settings,
      };
    case "parcel/reset":
      return { ...state, parcel: { data: null, errors: [], fetching: false } };
    case "parcel/fetching":
      return { ...state, parcel: { data: null, errors: [], fetching: true } };
    case "parcel/result":
      return { ...state, parcel: { data: action.data, errors: action.errors, fetching: false } };
  }
}

const KEY = "state";

export function loadState(): State {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return initialState;
    const saved = JSON.parse(raw) as Partial<State>;
    return { ...initialState, ...saved, theme: saved.theme === "DARK" ? "DARK" : "LIGHT" };
  } catch (e) {
    console.warn("could not read saved state", e);
    return initialState;
  }
}

export function saveState(state: State): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch (e) {
    // A failed save is only logged (spec section 8).
    console.warn("could not save state", e);
  }
}

const StoreContext = createContext<{ state: State; dispatch: (a: Action) => void } | null>(null);

export function StoreProvider({ children }: { children: ReactNode }) {
  // Start-up: the parcel state is reset (spec section 4).
  const [state, dispatch] = useReducer(reducer, undefined, () => reducer(loadState(), { type: "parcel/reset" }));
  useEffect(() => saveState(state), [state]);
  const value = useMemo(() => ({ state, dispatch }), [state]);
  return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>;
}

export function useStore() {
  const ctx = useContext(StoreContext);
  if (!ctx) throw new Error("useStore outside StoreProvider");
  return ctx;
}
