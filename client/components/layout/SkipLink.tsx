import { useTranslation } from "react-i18next";

/** The first focusable element: straight to the page's content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t("nav.skip")}
    </a>
  );
}
