import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSetMessagePreferencesMutation } from "../../generated/actions";
import { callErrors, errorText } from "../../errors";
import { TRACK_ERRORS } from "./trackErrors";
import { RECIPIENT_NS } from "../../i18n/load";
import { LANGUAGES, isLanguageCode } from "@shared/i18n/languages";
import { MAX_TEXT } from "@shared/core/lengths.codes";
import "../../styles/messageChooser.css";

/** The channels a recipient may choose, in the order the chooser lists them. */
const CHANNELS = ["whatsapp", "sms", "email"] as const;
type Channel = (typeof CHANNELS)[number];

interface Choice {
  channels: Channel[];
  language: string;
}

/**
 * The recipient's choice of channels and language for this parcel's messages (PATCH /api/parcels/{code}/preferences,
 * GraphQL setMessagePreferences). The call needs the second factor for every parcel: the postcode or e-mail that
 * unlocked the page, else one typed here first. The current choice is read with the same call sending nothing to
 * change; then the form sends the channels and the language.
 */
export default function MessageChooser({ code, verify }: { code: string; verify: string | null }) {
  const { t, i18n } = useTranslation(RECIPIENT_NS);
  // The page's own texts: the second factor's label and the server's refusals, as the tracking page says them.
  const { t: tp } = useTranslation();
  const id = useId();
  const [send] = useSetMessagePreferencesMutation();
  const [proof, setProof] = useState<string | null>(verify);
  const [typed, setTyped] = useState("");
  const [choice, setChoice] = useState<Choice | null>(null);
  const [saved, setSaved] = useState<Choice | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const pageLanguage = isLanguageCode(i18n.language) ? i18n.language : "en";

  /** Calls the server; the answer is the choice as kept, or null with the errors shown. */
  const call = async (secret: string, change: Partial<Choice>): Promise<Choice | null> => {
    setPending(true);
    setErrors([]);
    try {
      const { data } = await send({ variables: { trackingCode: code, input: { verify: secret, ...change } } });
      const p = data?.setMessagePreferences;
      if (!p) return null;
      const channels = p.channels ? CHANNELS.filter((c) => p.channels!.includes(c)) : [...CHANNELS];
      return { channels, language: p.language && isLanguageCode(p.language) ? p.language : pageLanguage };
    } catch (err) {
      setErrors(callErrors(err).map((e) => errorText(tp, e, TRACK_ERRORS)));
      return null;
    } finally {
      setPending(false);
    }
  };

  // Unlocked already: the current choice at once.
  const asked = useRef(false);
  useEffect(() => {
    if (!verify || asked.current) return;
    asked.current = true;
    void call(verify, {}).then((c) => c && setChoice(c));
    // Once, for the secret the page was unlocked with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [verify]);

  const onProve = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const v = typed.trim();
    if (!v) {
      setErrors([tp("track.verifyRequired")]);
      return;
    }
    const c = await call(v, {});
    if (!c) return;
    setProof(v);
    setChoice(c);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    if (pending || !choice || !proof) return;
    const c = await call(proof, { channels: choice.channels, language: choice.language });
    if (c) {
      setChoice(c);
      setSaved(c);
    }
  };

  const toggle = (c: Channel, on: boolean) => {
    setSaved(null);
    setChoice((old) => (old ? { ...old, channels: CHANNELS.filter((x) => (x === c ? on : old.channels.includes(x))) } : old));
  };
  const channelList = (list: Channel[]) => (list.length ? list.map((c) => t(`choose.channel.${c}`)).join(", ") : t("choose.none"));
  const languageName = (code: string) => LANGUAGES.find((l) => l.code === code)?.name ?? code;

  return (
    <section className="card result-card chooser-card" aria-labelledby={`${id}-title`} data-testid="message-chooser">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t("choose.title")}
      </h3>
      <p className="chooser-text">{t("choose.text")}</p>
      {!proof || !choice ? (
        proof ? (
          <p role="status" className="chooser-text">
            {pending ? t("choose.loading") : null}
          </p>
        ) : (
          <form className="chooser-form" onSubmit={onProve} noValidate>
            <div className="field">
              <label htmlFor={`${id}-verify`}>{tp("track.verifyLabel")}</label>
              <p className="chooser-hint" id={`${id}-hint`}>
                {t("choose.verifyHint")}
              </p>
              <input
                id={`${id}-verify`}
                name="verify"
                className="input"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                maxLength={MAX_TEXT}
                required
                dir="auto"
                aria-describedby={`${id}-hint${errors.length ? ` ${id}-error` : ""}`}
                aria-invalid={errors.length ? true : undefined}
              />
            </div>
            <button type="submit" className="btn btn-primary" disabled={pending}>
              {pending ? t("choose.checking") : t("choose.continue")}
            </button>
          </form>
        )
      ) : (
        <form className="chooser-form" onSubmit={onSave} noValidate>
          <fieldset className="chooser-channels">
            <legend>{t("choose.channels")}</legend>
            {CHANNELS.map((c) => (
              <label key={c} className="chooser-option">
                <input type="checkbox" name="channels" value={c} checked={choice.channels.includes(c)} onChange={(e) => toggle(c, e.target.checked)} />
                <span>{t(`choose.channel.${c}`)}</span>
              </label>
            ))}
            {!choice.channels.length ? <p className="chooser-hint">{t("choose.noneHint")}</p> : null}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-language`}>{t("choose.language")}</label>
            <select
              id={`${id}-language`}
              name="language"
              className="input"
              value={choice.language}
              onChange={(e) => {
                setSaved(null);
                setChoice({ ...choice, language: e.target.value });
              }}
            >
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code} lang={l.tag}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? t("choose.saving") : t("choose.save")}
          </button>
          {saved ? (
            <p className="alert alert-success chooser-saved" role="status" data-testid="chooser-saved">
              {t("choose.saved", { channels: channelList(saved.channels), language: languageName(saved.language) })}
            </p>
          ) : null}
        </form>
      )}
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
