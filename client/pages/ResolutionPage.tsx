import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import "../styles/pages.css";
import { PageHero } from "../components/PageHero";
import { Icon } from "../components/Icon";
import { forum, support_agent, travel_explore } from "../components/icons";
import { useDocumentTitle } from "../components/brand";

/** /resolution.html: how a visitor gets a delivery problem resolved. */
export default function ResolutionPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("resolution.title"));
  const steps = [
    { key: "step1", icon: travel_explore, to: "/track.html" },
    { key: "step2", icon: forum, to: "/contact.html" },
    { key: "step3", icon: support_agent, to: null },
  ];
  return (
    <>
      <PageHero title={t("resolution.title")} subtitle={t("resolution.subtitle")} hero="hero-road" overlay="overlay3" />
      <div className="container page-body">
        <div className="card content-card">
          <p className="lead">{t("resolution.intro")}</p>
          <ol className="steps">
            {steps.map((s, i) => (
              <li key={s.key}>
                <span className="step-icon">
                  <Icon path={s.icon} />
                </span>
                <span className="step-num">{i + 1}</span>
                <p>{s.to ? <Link to={s.to}>{t(`resolution.${s.key}`)}</Link> : t(`resolution.${s.key}`)}</p>
              </li>
            ))}
          </ol>
          <Link to="/contact.html" className="btn btn-primary">
            {t("resolution.cta")}
          </Link>
        </div>
      </div>
    </>
  );
}
