import { useTranslation } from "react-i18next";
import "../styles/pages.css";
import { PageHero } from "../components/PageHero";
import { Icon } from "../components/Icon";
import { ErrorAlert } from "../components/ErrorList";
import { alternate_email, phone, schedule, send } from "../components/icons";
import { useSiteGraph } from "../modules/graph/siteGraph";
import { useDocumentTitle } from "../components/brand";
import { useContactForm } from "../modules/contact/useContactForm";
import { MAX_TEXT } from "@shared/core/lengths.codes";

/** Contact Us: contact e-mail and alternate phone when set, and a form that really sends. */
export default function ContactPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("contact.title"));
  const s = useSiteGraph().settings;
  const { values, set, errors, invalid, message, loading, onSubmit } = useContactForm();

  return (
    <>
      <PageHero title={t("contact.title")} subtitle={t("contact.subtitle")} hero="hero-mixed" overlay="overlay1" />
      <div className="container page-body contact-grid">
        <aside className="card contact-info" aria-labelledby="contact-info-title">
          <h2 id="contact-info-title">{t("contact.infoTitle")}</h2>
          <ul>
            {s?.contact_email ? (
              <li>
                <span className="contact-icon">
                  <Icon path={alternate_email} />
                </span>
                <div>
                  <span className="contact-label">{t("contact.email")}</span>
                  <a href={`mailto:${s.contact_email}`} className="contact-email" dir="ltr">
                    {s.contact_email}
                  </a>
                </div>
              </li>
            ) : null}
            {s?.contact_phone_alt ? (
              <li>
                <span className="contact-icon">
                  <Icon path={phone} />
                </span>
                <div>
                  <span className="contact-label">{t("contact.phoneAlt")}</span>
                  <a href={`tel:${s.contact_phone_alt.replace(/[^\d+]/g, "")}`} className="contact-phone" dir="ltr">
                    {s.contact_phone_alt}
                  </a>
                </div>
              </li>
            ) : null}
            <li>
              <span className="contact-icon">
                <Icon path={schedule} />
              </span>
              <div>
                <span className="contact-label">{t("contact.hours")}</span>
                <span>{t("contact.hoursValue")}</span>
              </div>
            </li>
          </ul>
        </aside>

        <section className="card contact-form-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t("contact.formTitle")}</h2>
          {message ? (
            <div className="alert alert-success" role="status">
              <p>{message}</p>
            </div>
          ) : null}
          {errors.length ? <ErrorAlert title={t("contact.errorsTitle")} errors={errors} /> : null}
          <form onSubmit={onSubmit} noValidate className="contact-form">
            <div className="form-row">
              <div className="field">
                <label htmlFor="contact-name">{t("contact.name")}</label>
                <input
                  id="contact-name"
                  className="input"
                  name="name"
                  autoComplete="name"
                  maxLength={MAX_TEXT}
                  required
                  value={values.name}
                  onChange={set("name")}
                  aria-invalid={invalid.name || undefined}
                />
              </div>
              <div className="field">
                <label htmlFor="contact-email">{t("contact.yourEmail")}</label>
                <input
                  id="contact-email"
                  className="input"
                  type="email"
                  name="email"
                  autoComplete="email"
                  maxLength={MAX_TEXT}
                  required
                  value={values.email}
                  onChange={set("email")}
                  aria-invalid={invalid.email || undefined}
                />
              </div>
            </div>
            <div className="field">
              <label htmlFor="contact-subject">{t("contact.subject")}</label>
              <input
                id="contact-subject"
                className="input"
                name="subject"
                maxLength={MAX_TEXT}
                required
                value={values.subject}
                onChange={set("subject")}
                aria-invalid={invalid.subject || undefined}
              />
            </div>
            <div className="field">
              <label htmlFor="contact-body">{t("contact.body")}</label>
              <textarea
                id="contact-body"
                className="textarea"
                name="body"
                rows={7}
                required
                value={values.body}
                onChange={set("body")}
                aria-invalid={invalid.body || undefined}
              />
            </div>
            <button type="submit" className="btn btn-primary" disabled={loading}>
              <Icon path={send} size={20} className="flip-rtl" />
              {loading ? t("contact.sending") : t("contact.send")}
            </button>
          </form>
        </section>
      </div>
    </>
  );
}
