import { useTranslation } from "react-i18next";
import { useStore } from "../../state/store";
import { Icon } from "../Icon";
import { useHydrated } from "../hydrated";
import { dark_mode, light_mode } from "../layoutIcons";

/** Light or dark: the client state's theme (App applies it to the document). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { state, dispatch } = useStore();
  // The server renders the light theme's button; the saved theme's shows once the page is hydrated.
  const dark = useHydrated() && state.theme === "DARK";
  return (
    <button type="button" className="theme-toggle" onClick={() => dispatch({ type: "theme/toggle" })} aria-pressed={dark}>
      <Icon path={dark ? light_mode : dark_mode} size={20} />
      <span>{dark ? t("nav.themeToLight") : t("nav.themeToDark")}</span>
    </button>
  );
}
