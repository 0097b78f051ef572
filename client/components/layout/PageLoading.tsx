import { useTranslation } from "react-i18next";

/** What a screen shows while its chunk or its data loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t("common.loading")}</span>
    </div>
  );
}
