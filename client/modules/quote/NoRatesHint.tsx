import { Link } from "react-router-dom";
import { SCREENS } from "@shared/core/routes.codes";
import { can } from "@shared/core/permissions";
import { useSession } from "../../state/store";
import { useShipperTranslation } from "./i18n";

/** Where the staff set up prices: the rates area's first screen (zones, then services, then the rate card). */
export const RATES_SETUP = "/control/rates/zones.html";

/**
 * Under the message that online prices are not available yet (useQuote): the visitor is sent to the contact
 * page; a member of the staff who may set rates (and only they) is told what to do, with a link.
 */
export function NoRatesHint() {
  const { t } = useShipperTranslation();
  const session = useSession();
  const staff = session.admin && !!session.role && can(session.role, "rates");
  return (
    <>
      <p className="quote-hint" data-testid="quote-no-rates">
        <Link to={SCREENS.contact}>{t("quote.askQuote")}</Link>
      </p>
      {staff ? (
        <p className="quote-note quote-staff-hint" data-testid="quote-staff-hint">
          {t("quote.noRatesStaff")} <a href={RATES_SETUP}>{t("quote.setUpRates")}</a>
        </p>
      ) : null}
    </>
  );
}
