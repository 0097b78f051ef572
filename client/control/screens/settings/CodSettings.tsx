import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { majorText, moneyInput, parseMoney } from "@shared/core/money";
import { COD_LIMITS, COD_SETTING_KEYS, codRangeMessage, type CodSettingKey } from "@shared/modules/cod/cod.codes";
import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { Card } from "../../components/PageHeader";
import { useFormState } from "../../hooks/useFormState";
import { money } from "../../time";
import { readableMessage } from "../../fieldLabels";
import { useAdminUpdateCodSettingsMutation, type AdminSettingsQuery } from "../../../generated/graphql";

/** This card's texts (client/i18n/locales/control/control-cod-settings/<code>.json). */
const NS = "control-cod-settings";

type Settings = AdminSettingsQuery["adminSettings"];

/**
 * A form's refusals for the settings typed in the site's currency (wire names first, as the server's are): blank, or
 * not an amount of the currency. Ranges are the server's to refuse (COD_LIMITS, the same message the API gives).
 */
export function codProblems(values: Record<CodSettingKey, string>, currency: string): string[] {
  const problems: string[] = [];
  for (const k of COD_SETTING_KEYS) {
    const minor = parseMoney(values[k], currency, { negative: false });
    if (minor === null) problems.push(`${k} is required`);
    else if (Number.isNaN(minor)) problems.push(`${k} must be an amount in ${currency}, such as ${majorText(1250, currency)}`);
  }
  return problems;
}

/**
 * A message in the language with each field by this card's label: the form's own and the server's. Its range (the
 * server's in the smallest unit) is said as money, and "is required." is the card's own sentence; the rest, an amount
 * that is not one among them, by the control panel's table of refusals (fieldLabels.ts).
 */
function labelled(t: TFunction, message: string, currency: string): string {
  for (const k of COD_SETTING_KEYS) {
    const field = t(`label.${k}`);
    if (message === codRangeMessage(k)) return t("outOfRange", { field, min: money(COD_LIMITS[k].min, currency), max: money(COD_LIMITS[k].max, currency) });
    if (message === `${k} is required`) return t("required", { field });
  }
  return readableMessage(message, Object.fromEntries(COD_SETTING_KEYS.map((k) => [k, t(`label.${k}`)])));
}

/**
 * Settings, Delivery day: the cash on delivery card (contract section 12), a form of its own: the most a parcel may
 * carry to collect at the door (`cod_max`) and the cash a courier may hold before getting no new run
 * (`courier_cash_limit`), typed in the site's currency and saved as whole numbers of its smallest unit.
 */
export function CodSettings({ settings }: { settings: Settings }) {
  const { t } = useTranslation(NS);
  const currency = settings.currency;
  const form = useFormState({
    cod_max: moneyInput(settings.cod_max, currency),
    courier_cash_limit: moneyInput(settings.courier_cash_limit, currency),
  });
  const [save] = useAdminUpdateCodSettingsMutation({ refetchQueries: ["AdminSettings"] });
  const onSubmit = form.submit(async () => {
    const problems = codProblems(form.values, currency);
    if (problems.length) {
      form.setErrors(problems);
      return;
    }
    const minor = (k: CodSettingKey) => parseMoney(form.values[k], currency, { negative: false })!;
    await save({ variables: { input: { cod_max: minor("cod_max"), courier_cash_limit: minor("courier_cash_limit") } } });
    return t("saved");
  });
  const range = (k: CodSettingKey) => t("range", { min: money(COD_LIMITS[k].min, currency), max: money(COD_LIMITS[k].max, currency) });
  return (
    <form className="cp-form cp-dd-form" onSubmit={onSubmit} noValidate aria-labelledby="cod-settings-title">
      <Card title={<span id="cod-settings-title">{t("title")}</span>}>
        <p className="cp-muted cp-dd-intro">{t("intro", { currency })}</p>
        <div className="cp-field-row">
          <TextField field={form.bind("cod_max")} label={t("label.cod_max")} hint={t("codMaxHint", { range: range("cod_max") })} />
          <TextField
            field={form.bind("courier_cash_limit")}
            label={t("label.courier_cash_limit")}
            hint={t("cashLimitHint", { range: range("courier_cash_limit") })}
          />
        </div>
      </Card>
      <div className="cp-dd-save">
        <FormStatus errors={form.errors.map((e) => labelled(t, e, currency))} message={form.message} />
        <SubmitButton busy={form.busy}>{t("save")}</SubmitButton>
      </div>
    </form>
  );
}
