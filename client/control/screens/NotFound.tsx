import { useLocation } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useTitle } from "../hooks/useTitle";
import { DeadEnd } from "../session";

/** What was not found: a key of `control`'s notFound.what (page, parcel, activity, invoice, webhook...). */
export function NotFoundCard({ what = "page" }: { what?: string }) {
  const { t } = useTranslation("control");
  const { pathname } = useLocation();
  return (
    <DeadEnd title={t("notFound.title")}>
      {t(`notFound.what.${what}`, { defaultValue: t("notFound.what.page") })} <code>{pathname}</code>
    </DeadEnd>
  );
}

export default function NotFound() {
  const { t } = useTranslation("control");
  useTitle(t("notFound.title"));
  return <NotFoundCard />;
}
