import { useShipperTranslation } from "../quote/i18n";
import type { AddressInput, BookAddressFieldsFragment } from "../../generated/shipper";
import { CountryField, TextField } from "../quote/Field";
import type { Country } from "../quote/countries";

/** An address as typed: every field a string ("" for none). */
export interface AddressDraft {
  name: string;
  company: string;
  line1: string;
  line2: string;
  postcode: string;
  city: string;
  region: string;
  country: string;
  phone: string;
  email: string;
}
export const emptyAddress = (country = ""): AddressDraft => ({
  name: "",
  company: "",
  line1: "",
  line2: "",
  postcode: "",
  city: "",
  region: "",
  country,
  phone: "",
  email: "",
});

export const addressDraft = (a: BookAddressFieldsFragment): AddressDraft => ({
  name: a.name,
  company: a.company ?? "",
  line1: a.line1,
  line2: a.line2 ?? "",
  postcode: a.postcode ?? "",
  city: a.city,
  region: a.region ?? "",
  country: a.country,
  phone: a.phone ?? "",
  email: a.email ?? "",
});

export function addressInput(a: AddressDraft): AddressInput {
  const opt = (s: string) => s.trim() || null;
  return {
    name: a.name.trim(),
    company: opt(a.company),
    line1: a.line1.trim(),
    line2: opt(a.line2),
    postcode: opt(a.postcode),
    city: a.city.trim(),
    region: opt(a.region),
    country: a.country,
    phone: opt(a.phone),
    email: opt(a.email),
  };
}

/** One line: "Name, street, postcode city, country". */
export const addressLine = (a: { name: string; line1: string; postcode?: string | null; city: string; country: string }) =>
  [a.name, a.line1, [a.postcode, a.city].filter(Boolean).join(" "), a.country].filter(Boolean).join(", ");

const ROWS: (keyof AddressDraft)[][] = [["name", "company"], ["line1"], ["line2"], ["postcode", "city"], ["region", "country"], ["phone", "email"]];
const AUTOCOMPLETE: Partial<Record<keyof AddressDraft, string>> = {
  name: "name",
  company: "organization",
  line1: "address-line1",
  line2: "address-line2",
  postcode: "postal-code",
  city: "address-level2",
  region: "address-level1",
  phone: "tel",
  email: "email",
};

/** The fields of an address; `prefix` is its wire name (sender, recipient, "" for the book) for the server's messages. */
export function AddressFields({
  idPrefix,
  prefix,
  value,
  onValue,
  errors,
  countries,
  autoFill = true,
}: {
  idPrefix: string;
  prefix: string;
  value: AddressDraft;
  onValue: (a: AddressDraft) => void;
  errors: Record<string, string>;
  countries: Country[];
  autoFill?: boolean;
}) {
  const { t } = useShipperTranslation();
  const wire = (f: string) => (prefix ? `${prefix}.${f}` : f);
  const set = (f: keyof AddressDraft) => (v: string) => onValue({ ...value, [f]: v });
  const required = new Set(["name", "line1", "city", "country"]);
  return (
    <>
      {ROWS.map((row) => (
        <div key={row.join()} className={row.length > 1 ? "form-row" : undefined}>
          {row.map((f) =>
            f === "country" ? (
              <CountryField
                key={f}
                id={`${idPrefix}-${f}`}
                name={wire(f)}
                label={t("account.addr.country")}
                value={value.country}
                onValue={set("country")}
                error={errors[wire(f)]}
                countries={countries}
              />
            ) : (
              <TextField
                key={f}
                id={`${idPrefix}-${f}`}
                name={wire(f)}
                label={t(`account.addr.${f}`) + (required.has(f) ? "" : ` ${t("account.optional")}`)}
                type={f === "email" ? "email" : f === "phone" ? "tel" : "text"}
                autoComplete={autoFill ? AUTOCOMPLETE[f] : "off"}
                value={value[f]}
                onValue={set(f)}
                error={errors[wire(f)]}
                required={required.has(f)}
              />
            ),
          )}
        </div>
      ))}
    </>
  );
}
