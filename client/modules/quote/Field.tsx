import type { ChangeEvent, InputHTMLAttributes, ReactNode } from "react";
import { useShipperTranslation } from "./i18n";
import type { Country } from "./countries";

/** A labelled control with the server's message about it underneath (aria-describedby, aria-invalid). */
export function Field({ id, label, error, className, children }: { id: string; label: string; error?: string; className?: string; children: ReactNode }) {
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> & {
  id: string;
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string;
  fieldClass?: string;
};

export function TextField({ id, label, value, onValue, error, fieldClass, ...rest }: InputProps) {
  return (
    <Field id={id} label={label} error={error} className={fieldClass}>
      <input
        id={id}
        className="input"
        value={value}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
    </Field>
  );
}

export function CountryField({
  id,
  label,
  value,
  onValue,
  error,
  countries,
  name,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string;
  countries: Country[];
  name?: string;
}) {
  const { t } = useShipperTranslation();
  return (
    <Field id={id} label={label} error={error}>
      <select
        id={id}
        name={name}
        className="select"
        value={value}
        onChange={(e) => onValue(e.target.value)}
        autoComplete="country"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{t("quote.chooseCountry")}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
