import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** The browser tab's title for a control-panel screen. */
export function useTitle(title: string) {
  const { t } = useTranslation("control");
  const full = t("header.pageTitle", { title });
  useEffect(() => {
    const old = document.title;
    document.title = full;
    return () => {
      document.title = old;
    };
  }, [full]);
}
