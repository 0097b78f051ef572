import { useShipperTranslation } from "./i18n";
import { CountryField, TextField } from "./Field";
import type { Country } from "./countries";
import type { PlaceDraft } from "./shipment";

/** A quote's place: country, postcode and city; `prefix` is its wire name (from, to) for the server's messages. */
export function PlaceFields({
  prefix,
  legend,
  value,
  onValue,
  errors,
  countries,
}: {
  prefix: "from" | "to";
  legend: string;
  value: PlaceDraft;
  onValue: (p: PlaceDraft) => void;
  errors: Record<string, string>;
  countries: Country[];
}) {
  const { t } = useShipperTranslation();
  const set = (f: keyof PlaceDraft) => (v: string) => onValue({ ...value, [f]: v });
  return (
    <fieldset className="place-fields">
      <legend>{legend}</legend>
      <CountryField
        id={`q-${prefix}-country`}
        name={`${prefix}.country`}
        label={t("quote.country")}
        value={value.country}
        onValue={set("country")}
        error={errors[`${prefix}.country`]}
        countries={countries}
      />
      <div className="form-row">
        <TextField
          id={`q-${prefix}-postcode`}
          name={`${prefix}.postcode`}
          label={t("quote.postcode")}
          autoComplete="off"
          value={value.postcode}
          onValue={set("postcode")}
          error={errors[`${prefix}.postcode`]}
        />
        <TextField
          id={`q-${prefix}-city`}
          name={`${prefix}.city`}
          label={t("quote.city")}
          value={value.city}
          onValue={set("city")}
          error={errors[`${prefix}.city`]}
        />
      </div>
    </fieldset>
  );
}
