import { useState, type FormEvent } from "react";
import { useShipperTranslation } from "../quote/i18n";
import { Icon } from "../../components/Icon";
import { ErrorAlert } from "../../components/ErrorList";
import { useDocumentTitle } from "../../components/brand";
import { errorMessages } from "../../errors";
import { LANGUAGES } from "@shared/i18n/languages";
import {
  AddressesDocument,
  useAddAddressMutation,
  useAddressesQuery,
  useDeleteAddressMutation,
  useUpdateAddressMutation,
  useUpdateUserMutation,
} from "../../generated/shipper";
import { browserCountry, useCountries } from "../quote/countries";
import { fieldErrors, NO_ERRORS, type FieldErrors } from "../quote/fieldErrors";
import { add_circle, delete_outline, edit_note } from "../quote/icons";
import { AddressFields, addressDraft, addressInput, addressLine, emptyAddress, type AddressDraft } from "./AddressFields";
import { useShipper } from "./useShipper";

const ADDRESS_FIELD = /^(name|company|line1|line2|postcode|city|region|country|phone|email|latitude|longitude)$/;

/** The account's details and its address book: add, edit, delete, and the default (the sender of a new shipment). */
export function Profile() {
  const { t } = useShipperTranslation();
  useDocumentTitle(t("account.nav.profile"));
  const { user } = useShipper();
  const { data, error } = useAddressesQuery({ fetchPolicy: "cache-and-network" });
  const [remove] = useDeleteAddressMutation({ refetchQueries: [AddressesDocument] });
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [removeErrors, setRemoveErrors] = useState<string[]>([]);
  const addresses = data?.addresses ?? [];

  const onDelete = async (id: number, label: string) => {
    if (!window.confirm(t("account.deleteAddressConfirm", { address: label }))) return;
    setRemoveErrors([]);
    try {
      await remove({ variables: { id } });
    } catch (e) {
      setRemoveErrors(errorMessages(e));
    }
  };

  return (
    <>
      <section className="card account-card" aria-labelledby="profile-title">
        <h2 id="profile-title">{t("account.nav.profile")}</h2>
        {user ? (
          <dl className="profile-facts">
            <div>
              <dt>{t("account.name")}</dt>
              <dd>{user.name}</dd>
            </div>
            <div>
              <dt>{t("account.email")}</dt>
              <dd>
                <span dir="ltr">{user.email}</span>
                <span className={`status-chip${user.email_verified ? " statement-paid" : ""}`}>
                  {user.email_verified ? t("account.emailVerified") : t("account.emailUnverified")}
                </span>
              </dd>
            </div>
            <LanguageChoice value={user.language ?? null} />
          </dl>
        ) : null}
      </section>
      <section className="card account-card" aria-labelledby="book-title">
        <div className="account-card-head">
          <h2 id="book-title">{t("account.addressBook")}</h2>
          {editing === null ? (
            <button type="button" className="btn btn-primary btn-small" onClick={() => setEditing("new")}>
              <Icon path={add_circle} size={18} />
              {t("account.addAddress")}
            </button>
          ) : null}
        </div>
        {error ? <ErrorAlert title={t("account.loadFailed")} errors={errorMessages(error)} /> : null}
        {removeErrors.length ? <ErrorAlert title={t("account.errorsTitle")} errors={removeErrors} /> : null}
        {editing === "new" ? <AddressForm onDone={() => setEditing(null)} makeDefault={!addresses.length} /> : null}
        {data && !addresses.length && editing === null ? <p className="quote-note">{t("account.noAddresses")}</p> : null}
        <ul className="plain-list">
          {addresses.map((a) =>
            editing === a.id ? (
              <li key={a.id}>
                <AddressForm id={a.id} initial={addressDraft(a)} isDefault={a.is_default} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={a.id} className="address-row" data-testid="address-row">
                <div>
                  <strong>{a.name}</strong>
                  {a.is_default ? <span className="status-chip">{t("account.default")}</span> : null}
                  <span className="cell-note">{addressLine({ ...a, name: a.company ?? "" })}</span>
                </div>
                <div className="row-actions">
                  <button type="button" className="btn btn-outline btn-small" onClick={() => setEditing(a.id)} disabled={editing !== null}>
                    <Icon path={edit_note} size={18} />
                    {t("account.edit")}
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline btn-small btn-danger"
                    onClick={() => void onDelete(a.id, addressLine(a))}
                    disabled={editing !== null}
                  >
                    <Icon path={delete_outline} size={18} />
                    {t("account.delete")}
                  </button>
                </div>
              </li>
            ),
          )}
        </ul>
      </section>
    </>
  );
}

/** The language of the shipper's mails, statements and pay-out PDFs (null: English), saved when chosen. */
function LanguageChoice({ value }: { value: string | null }) {
  const { t } = useShipperTranslation();
  const [update, { loading }] = useUpdateUserMutation();
  const [saved, setSaved] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const onChange = async (language: string) => {
    setSaved(false);
    setErrors([]);
    try {
      await update({ variables: { input: { language } } });
      setSaved(true);
    } catch (e) {
      setErrors(errorMessages(e));
    }
  };

  return (
    <div>
      <dt>
        <label htmlFor="profile-language">{t("account.language")}</label>
      </dt>
      <dd className="profile-language">
        <select
          id="profile-language"
          className="select"
          value={value ?? "en"}
          disabled={loading}
          aria-describedby="profile-language-hint"
          onChange={(e) => void onChange(e.target.value)}
        >
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.tag}>
              {l.name}
            </option>
          ))}
        </select>
        <span id="profile-language-hint" className="cell-note">
          {t("account.languageHint")}
        </span>
        <span role="status" className="cell-note">
          {saved ? t("account.languageSaved") : ""}
        </span>
        {errors.length ? <ErrorAlert title={t("account.errorsTitle")} errors={errors} /> : null}
      </dd>
    </div>
  );
}

function AddressForm({
  id,
  initial,
  isDefault = false,
  makeDefault = false,
  onDone,
}: {
  id?: number;
  initial?: AddressDraft;
  isDefault?: boolean;
  makeDefault?: boolean;
  onDone: () => void;
}) {
  const { t } = useShipperTranslation();
  const countries = useCountries();
  const [value, setValue] = useState<AddressDraft>(() => initial ?? emptyAddress(browserCountry()));
  const [asDefault, setAsDefault] = useState(isDefault || makeDefault);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [add, adding] = useAddAddressMutation({ refetchQueries: [AddressesDocument] });
  const [update, updating] = useUpdateAddressMutation({ refetchQueries: [AddressesDocument] });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors(NO_ERRORS);
    try {
      const input = addressInput(value);
      if (id) await update({ variables: { id, input, is_default: asDefault } });
      else await add({ variables: { input, is_default: asDefault } });
      onDone();
    } catch (err) {
      setErrors(fieldErrors(t, err, (f) => ADDRESS_FIELD.test(f)));
    }
  };

  return (
    <form className="address-form" onSubmit={onSubmit} noValidate aria-label={id ? t("account.editAddress") : t("account.addAddress")}>
      <AddressFields idPrefix={id ? `ab-${id}` : "ab-new"} prefix="" value={value} onValue={setValue} errors={errors.byField} countries={countries} />
      <label className="check-line">
        <input type="checkbox" checked={asDefault} onChange={(e) => setAsDefault(e.target.checked)} /> {t("account.makeDefault")}
      </label>
      {errors.general.length ? <ErrorAlert title={t("account.errorsTitle")} errors={errors.general} /> : null}
      <div className="row-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={adding.loading || updating.loading}>
          {t("account.save")}
        </button>
        <button type="button" className="btn btn-outline btn-small" onClick={onDone}>
          {t("account.cancelEdit")}
        </button>
      </div>
    </form>
  );
}
