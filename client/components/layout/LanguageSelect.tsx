import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type LanguageCode } from "@shared/i18n/languages";
import { writeLanguageCookie } from "../../i18n/load";
import { Icon } from "../Icon";
import { translate } from "../layoutIcons";

/** The language choice: kept in the language cookie, then the page reloads one second later. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const [changing, setChanging] = useState(false);

  const changeLanguage = (code: LanguageCode) => {
    writeLanguageCookie(code);
    setChanging(true);
    window.setTimeout(() => window.location.reload(), 1000);
  };

  return (
    <>
      <label className="field-inline" htmlFor="language-select">
        <Icon path={translate} size={20} />
        <span>{t("nav.language")}</span>
      </label>
      <select
        id="language-select"
        className="select"
        value={i18n.language}
        onChange={(e) => changeLanguage(e.target.value as LanguageCode)}
        disabled={changing}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.tag}>
            {l.name}
          </option>
        ))}
      </select>
      {changing ? (
        <p className="side-menu-note" role="status">
          {t("nav.languageChanging")}
        </p>
      ) : null}
    </>
  );
}
