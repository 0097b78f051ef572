import { Link, useSearchParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import "../styles/pages.css";
import "../styles/track.css";
import { PageHero } from "../components/PageHero";
import { Icon } from "../components/Icon";
import { ErrorAlert } from "../components/ErrorList";
import { check_circle, notifications_off, travel_explore } from "../modules/parcel/icons";
import { useDocumentTitle } from "../components/brand";
import { useNoIndex } from "../modules/parcel/seo";
import { useUnsubscribe } from "../modules/parcel/useUnsubscribe";

/** /unsubscribe.html: the recipient stops the status e-mails of one parcel, with one press. */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  useDocumentTitle(t("unsubscribe.title"));
  useNoIndex();
  const [params] = useSearchParams();
  const code = params.get("code")?.trim() ?? "";
  const token = params.get("token")?.trim() ?? "";
  const { complete, confirm, loading, done, errors } = useUnsubscribe(code, token);
  const trackHref = `/track.html?code=${encodeURIComponent(done ?? code)}`;

  return (
    <>
      <PageHero title={t("unsubscribe.title")} subtitle={t("unsubscribe.subtitle")} hero="hero-mixed" overlay="overlay1" compact />
      <div className="container page-body">
        <section className="card content-card unsubscribe-card" aria-labelledby="unsubscribe-title">
          <span className={`unsubscribe-icon${done ? " done" : ""}`}>
            <Icon path={done ? check_circle : notifications_off} size={30} />
          </span>
          <h2 id="unsubscribe-title">{done ? t("unsubscribe.doneTitle") : t("unsubscribe.heading")}</h2>
          {done ? (
            <div className="alert alert-success" role="status">
              <p>{t("unsubscribe.done", { code: done })}</p>
            </div>
          ) : !complete ? (
            <div className="alert alert-error" role="alert">
              <p>{t("unsubscribe.incomplete")}</p>
            </div>
          ) : (
            <>
              <p className="lead">{t("unsubscribe.intro", { code })}</p>
              {errors.length ? <ErrorAlert title={t("unsubscribe.failed")} errors={errors} /> : null}
              <button type="button" className="btn btn-primary" onClick={() => void confirm()} disabled={loading}>
                <Icon path={notifications_off} size={20} />
                {loading ? t("unsubscribe.working") : t("unsubscribe.button")}
              </button>
            </>
          )}
          {code || done ? (
            <p className="unsubscribe-track">
              <Link to={trackHref}>
                <Icon path={travel_explore} size={20} />
                {t("unsubscribe.track")}
              </Link>
            </p>
          ) : null}
        </section>
      </div>
    </>
  );
}
