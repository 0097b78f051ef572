import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { lock, lock_open } from "./icons";
import { MAX_TEXT } from "@shared/core/lengths.codes";
import { useKeepTyped } from "../../components/hydrated";

/** Asks the server again with the second factor; resolves to the errors (none on success). */
export type Verify = (verify: string) => Promise<string[]>;

/**
 * The privacy tier: the admin protected this parcel, so names are masked, the photo is left out
 * and places are coarse. The recipient's postcode or e-mail address unlocks the full view.
 */
export function ProtectedNotice({ onVerify }: { onVerify?: Verify }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState("");
  const input = useKeepTyped(value, setValue);
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!onVerify || pending) return;
    const v = value.trim();
    if (!v) {
      setErrors([t("track.verifyRequired")]);
      return;
    }
    setPending(true);
    setErrors([]);
    try {
      setErrors(await onVerify(v));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="card result-card privacy-card" aria-labelledby={`${id}-title`}>
      <div className="privacy-head">
        <span className="privacy-icon">
          <Icon path={lock} />
        </span>
        <div>
          <h3 id={`${id}-title`}>{t("track.protectedTitle")}</h3>
          <p>{t("track.protectedText")}</p>
        </div>
      </div>
      {onVerify ? (
        <form className="verify-form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-verify`}>{t("track.verifyLabel")}</label>
            <input
              id={`${id}-verify`}
              ref={input}
              name="verify"
              className="input"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              maxLength={MAX_TEXT}
              required
              dir="auto"
              aria-invalid={errors.length ? true : undefined}
              aria-describedby={errors.length ? `${id}-error` : undefined}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            <Icon path={lock_open} size={20} />
            {pending ? t("track.verifying") : t("track.verifySubmit")}
          </button>
        </form>
      ) : null}
      {errors.length ? (
        <div id={`${id}-error`} className="alert alert-error verify-error" role="alert">
          {errors.map((m, i) => (
            <p key={i}>{m}</p>
          ))}
        </div>
      ) : null}
    </section>
  );
}
