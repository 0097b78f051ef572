import { useTranslation } from "react-i18next";
import { SHIPPER_NS } from "../../i18n/load";

/** The quote's and the account's texts (namespace `shipper`, loaded with the screen), then the site's own. */
const NAMESPACES = [SHIPPER_NS, "translation"];
export const useShipperTranslation = () => useTranslation(NAMESPACES);
