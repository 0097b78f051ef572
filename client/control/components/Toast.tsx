import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import * as icons from "../icons";
import { readableMessage } from "../fieldLabels";

/** An error stays 10 s (the spec's delete-error toast), a confirmation 8 s; both until closed sooner. */
const ERROR_MS = 10_000;
const DONE_MS = 8_000;

/** "error": a call failed (announced at once); "done": a confirmation (announced politely). */
export type ToastKind = "error" | "done";
type Show = (text: string, kind?: ToastKind) => void;

const ToastContext = createContext<Show | null>(null);

interface Shown {
  text: string;
  /** Bumped on each show, so the same text shown again is a new toast (and announced again). */
  n: number;
}

function useSlot(ms: number) {
  const [shown, setShown] = useState<Shown | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setShown((old) => ({ text, n: (old?.n ?? 0) + 1 }));
      timer.current = setTimeout(() => setShown(null), ms);
    },
    [ms],
  );
  const close = useCallback(() => {
    clearTimeout(timer.current);
    setShown(null);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { shown, show, close };
}

function ToastBox({ shown, kind, onClose }: { shown: Shown; kind: ToastKind; onClose: () => void }) {
  const { t } = useTranslation("control");
  return (
    <div className={`cp-toast cp-toast-${kind}`} data-testid={kind === "done" ? "form-message" : "toast"}>
      <span>{shown.text}</span>
      <button type="button" className="cp-toast-close" onClick={onClose} aria-label={t("actions.closeMessage")} title={t("actions.close")}>
        <Icon path={icons.close} size={22} />
      </button>
    </div>
  );
}

/**
 * The control panel's toasts: fixed in the viewport under the top bar wherever the page is scrolled (a form's buttons
 * sit at its foot, so they stay clear), one confirmation and one
 * error at a time. Each kind has its live region in the page from the start (a region added with its text
 * is not announced): confirmations role=status (polite), errors role=alert.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const done = useSlot(DONE_MS);
  const error = useSlot(ERROR_MS);
  const { show: showDone } = done;
  const { show: showError } = error;
  // Under the top bar (sticky, so its foot is where the page's content starts wherever it is scrolled).
  const [top, setTop] = useState<number | undefined>(undefined);
  const show = useCallback<Show>(
    (text, kind = "error") => {
      const bar = document.querySelector(".cp-topbar")?.getBoundingClientRect();
      setTop(bar && bar.bottom > 0 ? Math.min(bar.bottom, window.innerHeight / 3) + 8 : undefined);
      if (kind === "done") showDone(text);
      else showError(readableMessage(text));
    },
    [showDone, showError],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="cp-toast-region" style={top === undefined ? undefined : { top }}>
        <div role="status" aria-live="polite" aria-atomic="true" className="cp-toast-slot">
          {done.shown ? <ToastBox key={done.shown.n} shown={done.shown} kind="done" onClose={done.close} /> : null}
        </div>
        <div role="alert" aria-live="assertive" aria-atomic="true" className="cp-toast-slot">
          {error.shown ? <ToastBox key={error.shown.n} shown={error.shown} kind="error" onClose={error.close} /> : null}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

const nothing: Show = () => undefined;

/** Shows a toast: `toast(text)` for an error, `toast(text, "done")` for a confirmation. */
export const useToast = (): Show => useContext(ToastContext) ?? nothing;
/** Whether the screen is inside the control panel's toasts (a form elsewhere shows its confirmation in place). */
export const useHasToasts = () => useContext(ToastContext) !== null;
