import { Link, useLocation, useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import "../styles/pages.css";
import { Icon } from "../components/Icon";
import { arrow_back, home } from "../components/icons";
import { useDocumentTitle } from "../components/brand";

/** 404 screen: the current address and a Go Back link that falls back to the home page. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentTitle(t("notFound.title"));
  const address = `${window.location.origin}${location.pathname}${location.search}${location.hash}`;
  // Back when the visitor came here by a link (in the app, or from a page that sent a referrer);
  // a tab opened straight on this address has nothing to go back to, so Go Back goes home.
  const canGoBack = location.key !== "default" || (window.history.length > 1 && document.referrer !== "");
  return (
    <section className="not-found" aria-labelledby="nf-title">
      <div className="not-found-art" aria-hidden="true">
        <img src="/img/lost-parcel.svg" alt="" width={360} height={260} />
      </div>
      <div className="container not-found-body">
        <p className="not-found-code">{t("notFound.code")}</p>
        <h1 id="nf-title">{t("notFound.title")}</h1>
        <p>{t("notFound.text")}</p>
        <p className="not-found-address">
          <code dir="ltr">{address}</code>
        </p>
        <div className="not-found-actions">
          <Link
            to="/"
            className="btn btn-primary"
            onClick={(e) => {
              if (canGoBack) {
                e.preventDefault();
                navigate(-1);
              }
            }}
          >
            <Icon path={arrow_back} size={20} className="flip-rtl" />
            {t("notFound.back")}
          </Link>
          <Link to="/" className="btn btn-outline">
            <Icon path={home} size={20} />
            {t("notFound.home")}
          </Link>
        </div>
      </div>
    </section>
  );
}
