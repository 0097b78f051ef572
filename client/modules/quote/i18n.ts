import { useTranslation } from "react-i18next";
import { SHIPPER_NS } from "../../i18n/load";

/**
 * The quote's and the account's texts (namespace `shipper`, loaded with the screen), then the site's own
 * (`nsMode: "fallback"`: a key the first namespace lacks is looked up in the next).
 */
const NAMESPACES = [SHIPPER_NS, "translation"];
const OPTIONS = { nsMode: "fallback" } as const;
export const useShipperTranslation = () => useTranslation(NAMESPACES, OPTIONS);
