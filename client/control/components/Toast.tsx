import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";

const TOAST_MS = 10_000;
const ToastContext = createContext<(text: string) => void>(() => undefined);

/** One toast at a time, for delete errors; it stays 10 s or until closed. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [text, setText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((t: string) => {
    clearTimeout(timer.current);
    setText(t);
    timer.current = setTimeout(() => setText(null), TOAST_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="cp-toast-region" aria-live="assertive">
        {text ? (
          <div className="cp-toast" role="alert" data-testid="toast">
            <span>{text}</span>
            <button type="button" className="cp-toast-close" onClick={() => setText(null)} aria-label="Close message">
              ×
            </button>
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
