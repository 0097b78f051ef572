import { useEffect } from "react";

/** The browser tab's title for a control-panel screen. */
export function useTitle(title: string) {
  useEffect(() => {
    const old = document.title;
    document.title = `${title} | Control Panel`;
    return () => {
      document.title = old;
    };
  }, [title]);
}
