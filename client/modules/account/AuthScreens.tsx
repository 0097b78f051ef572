import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useShipperTranslation } from "../quote/i18n";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { PASSWORD_MIN } from "@shared/modules/admin/password.codes";
import { isLanguageCode } from "@shared/i18n/languages";
import { ErrorAlert } from "../../components/ErrorList";
import { useDocumentTitle } from "../../components/brand";
import {
  useShippingSettingsQuery,
  useUserResetPasswordMutation,
  useUserSendPinMutation,
  useUserSignInMutation,
  useUserSignUpMutation,
  useVerifyEmailMutation,
} from "../../generated/shipper";
import { TextField } from "../quote/Field";
import { fieldErrors, NO_ERRORS, type FieldErrors } from "../quote/fieldErrors";
import { hasQuote, readDraft, saveSenderDraft } from "../quote/draft";
import { safeNext, useSetShipper } from "./useShipper";

/** The new shipment a quote's Ship now opens: a sign-in or sign-up on the way there says so. */
const BOOKING = "/account/new";
const toBooking = (next: string) => next === BOOKING || next.startsWith(`${BOOKING}?`);

function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="container page-body no-hero auth-body">
      <section className="card account-card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}

/**
 * A form's typed values and its call's errors by field: `bind(k)` ties a TextField to both (its name, value, setter
 * and the server's message about it); `call` runs the form's call, its errors by field for the fields the form has,
 * the others above the button.
 */
function useAuthForm<K extends string>(initial: Record<K, string>) {
  const { t } = useShipperTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const call = async <T,>(run: () => Promise<T>): Promise<T | null> => {
    setErrors(NO_ERRORS);
    try {
      return await run();
    } catch (e) {
      setErrors(fieldErrors(t, e, (f) => Object.hasOwn(values, f)));
      return null;
    }
  };
  const bind = (k: K): Bound => ({ name: k, value: values[k], onValue: (v) => setValues((s) => ({ ...s, [k]: v })), error: errors.byField[k] });
  return { values, errors, call, bind };
}

type Bound = { name: string; value: string; onValue: (v: string) => void; error?: string };

/** The form of an auth screen: its fields, the errors that name none of them, the submit button. */
function AuthForm({
  onSubmit,
  errors,
  loading,
  submit,
  children,
}: {
  onSubmit: () => Promise<void>;
  errors: FieldErrors;
  loading: boolean;
  submit: string;
  children: ReactNode;
}) {
  const { t } = useShipperTranslation();
  const send = (e: FormEvent) => {
    e.preventDefault();
    void onSubmit();
  };
  return (
    <form onSubmit={send} noValidate>
      {children}
      {errors.general.length ? <ErrorAlert title={t("account.errorsTitle")} errors={errors.general} /> : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={loading}>
        {submit}
      </button>
    </form>
  );
}

function EmailField({ id, field }: { id: string; field: Bound }) {
  const { t } = useShipperTranslation();
  return <TextField id={id} type="email" autoComplete="email" label={t("account.email")} {...field} />;
}

/** A success (a status) or a failure (an alert) said in one paragraph. */
function Notice({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <div className={ok ? "alert alert-success" : "alert alert-error"} role={ok ? "status" : "alert"}>
      <p>{children}</p>
    </div>
  );
}

/** Why the sign-in or sign-up is asked, when a quote's Ship now led here: the booking waits, the quote is kept. */
function ShipNowReason({ next }: { next: string }) {
  const { t } = useShipperTranslation();
  const [quote] = useState(() => toBooking(next) && hasQuote(readDraft()));
  return quote ? (
    <div className="alert alert-info" data-testid="ship-now-reason">
      <p>{t("account.shipNowReason")}</p>
    </div>
  ) : null;
}

/** A link to another auth screen that carries where the shipper goes after it (`next`), unless that is the account. */
const withNext = (path: string, next: string) => (next !== "/account" ? `${path}?next=${encodeURIComponent(next)}` : path);

export function SignInScreen() {
  const { t } = useShipperTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setShipper = useSetShipper();
  const { values, errors, call, bind } = useAuthForm({ email: params.get("email") ?? "", password: "" });
  const [signIn, { loading }] = useUserSignInMutation();
  const next = safeNext(params.get("next"));

  const onSubmit = async () => {
    const r = await call(() => signIn({ variables: { input: { email: values.email.trim(), password: values.password } } }));
    if (r?.data) {
      setShipper(r.data.userSignIn);
      void navigate(next, { replace: true });
    }
  };

  return (
    <AuthCard title={t("account.signIn")}>
      <ShipNowReason next={next} />
      {params.get("reset") ? <Notice ok>{t("account.passwordSet")}</Notice> : null}
      <AuthForm onSubmit={onSubmit} errors={errors} loading={loading} submit={t("account.signIn")}>
        <EmailField id="si-email" field={bind("email")} />
        <TextField id="si-password" type="password" autoComplete="current-password" label={t("account.password")} {...bind("password")} />
      </AuthForm>
      <p className="auth-links">
        <Link to="/account/forgot">{t("account.forgot")}</Link>
        <Link to={withNext("/account/signup", next)}>{t("account.noAccount")}</Link>
      </p>
    </AuthCard>
  );
}

export function SignUpScreen() {
  const { t, i18n } = useShipperTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setShipper = useSetShipper();
  const settings = useShippingSettingsQuery();
  const { values, errors, call, bind } = useAuthForm({ name: "", company: "", email: "", phone: "", password: "" });
  const [signUp, { loading }] = useUserSignUpMutation();
  const next = safeNext(params.get("next"));

  if (settings.data?.settings.shipper_signup === "off") {
    return (
      <AuthCard title={t("account.signUp")}>
        <Notice ok={false}>{t("account.signUpClosed")}</Notice>
        <p className="auth-links">
          <Link to="/contact.html">{t("nav.contact")}</Link>
          <Link to="/account/signin">{t("account.haveAccount")}</Link>
        </p>
      </AuthCard>
    );
  }

  const onSubmit = async () => {
    const input = {
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      company: values.company.trim() || null,
      phone: values.phone.trim() || null,
      // The mailed link leads back here once the e-mail is confirmed (the server checks it is the area's path too).
      next: next === "/account" ? null : next,
      // Its mails and statements are in the page's language until it chooses another (Profile).
      language: isLanguageCode(i18n.language) ? i18n.language : null,
    };
    const r = await call(() => signUp({ variables: { input } }));
    if (r?.data) {
      saveSenderDraft({ name: input.name, company: input.company ?? "" });
      setShipper(r.data.signUp);
      void navigate(next, { replace: true, state: { welcome: true } });
    }
  };

  const password = bind("password");
  return (
    <AuthCard title={t("account.signUp")}>
      <ShipNowReason next={next} />
      <p className="auth-intro">{t("account.signUpIntro")}</p>
      <AuthForm onSubmit={onSubmit} errors={errors} loading={loading} submit={t("account.createAccount")}>
        <TextField id="su-name" autoComplete="name" label={t("account.name")} {...bind("name")} />
        <TextField id="su-company" autoComplete="organization" label={t("account.companyOptional")} {...bind("company")} />
        <EmailField id="su-email" field={bind("email")} />
        <TextField id="su-phone" type="tel" autoComplete="tel" label={t("account.phoneOptional")} {...bind("phone")} />
        <TextField
          id="su-password"
          type="password"
          autoComplete="new-password"
          label={t("account.password")}
          {...password}
          aria-describedby={password.error ? "su-password-error" : "su-password-hint"}
        />
        <p className="field-hint" id="su-password-hint">
          {t("account.passwordHint", { n: PASSWORD_MIN })}
        </p>
      </AuthForm>
      <p className="auth-links">
        <Link to={withNext("/account/signin", next)}>{t("account.haveAccount")}</Link>
      </p>
    </AuthCard>
  );
}

/**
 * The verification link's landing: the token is sent once. Confirmed, the shipper goes on where it was going when it
 * signed up (the link's `next`: the booking a quote started), or to the booking when a quote waits in this browser,
 * else to the account; that screen says the address is confirmed. The link may be opened where the shipper is not
 * signed in: the area asks the server who is signed in, as always, and signs in first.
 */
export function VerifyScreen() {
  const { t } = useShipperTranslation();
  const [params] = useSearchParams();
  const [verify] = useVerifyEmailMutation();
  const [state, setState] = useState<"working" | "done" | "failed">("working");
  const sent = useRef(false);
  const [next] = useState(() => (params.has("next") ? safeNext(params.get("next")) : hasQuote(readDraft()) ? BOOKING : "/account"));

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = params.get("token") ?? "";
    verify({ variables: { input: { token } } }).then(
      () => setState("done"),
      () => setState("failed"),
    );
  }, [params, verify]);

  if (state === "done") return <Navigate to={next} replace state={{ verified: true }} />;
  return (
    <AuthCard title={t("account.verifyTitle")}>
      {state === "working" ? <p role="status">{t("account.verifying")}</p> : null}
      {state === "failed" ? <Notice ok={false}>{t("account.verifyFailed")}</Notice> : null}
      {state === "failed" ? (
        <Link className="btn btn-primary" to={next}>
          {toBooking(next) ? t("account.toBooking") : t("account.toAccount")}
        </Link>
      ) : null}
    </AuthCard>
  );
}

export function ForgotScreen() {
  const { t } = useShipperTranslation();
  const { values, errors, call, bind } = useAuthForm({ email: "" });
  const [send, { loading }] = useUserSendPinMutation();
  const [sent, setSent] = useState(false);

  const onSubmit = async () => {
    const r = await call(() => send({ variables: { input: { email: values.email.trim() } } }));
    if (r) setSent(true);
  };

  return (
    <AuthCard title={t("account.resetTitle")}>
      {sent ? (
        <Notice ok>{t("account.resetSent", { email: values.email.trim() })}</Notice>
      ) : (
        <AuthForm onSubmit={onSubmit} errors={errors} loading={loading} submit={t("account.sendReset")}>
          <p className="auth-intro">{t("account.resetIntro")}</p>
          <EmailField id="fp-email" field={bind("email")} />
        </AuthForm>
      )}
      <p className="auth-links">
        <Link to={`/account/password?email=${encodeURIComponent(values.email.trim())}`}>{t("account.haveToken")}</Link>
        <Link to="/account/signin">{t("account.signIn")}</Link>
      </p>
    </AuthCard>
  );
}

/** A new password with the mailed token (the reset link, or the staff's invitation: `invited=1`). */
export function PasswordScreen() {
  const { t } = useShipperTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invited = params.get("invited") === "1";
  const { values, errors, call, bind } = useAuthForm({
    email: params.get("email") ?? "",
    password_token: params.get("token") ?? "",
    new_password: "",
    confirm_new_password: "",
  });
  const [reset, { loading }] = useUserResetPasswordMutation();

  const onSubmit = async () => {
    const r = await call(() => reset({ variables: { input: { ...values, email: values.email.trim(), password_token: values.password_token.trim() } } }));
    if (r) void navigate(`/account/signin?reset=1&email=${encodeURIComponent(values.email.trim())}`, { replace: true });
  };

  return (
    <AuthCard title={invited ? t("account.inviteTitle") : t("account.newPasswordTitle")}>
      <AuthForm onSubmit={onSubmit} errors={errors} loading={loading} submit={t("account.setPassword")}>
        <EmailField id="pw-email" field={bind("email")} />
        <TextField id="pw-token" autoComplete="one-time-code" label={t("account.token")} {...bind("password_token")} />
        <TextField id="pw-new" type="password" autoComplete="new-password" label={t("account.newPassword")} {...bind("new_password")} />
        <TextField id="pw-confirm" type="password" autoComplete="new-password" label={t("account.confirmPassword")} {...bind("confirm_new_password")} />
        <p className="field-hint">{t("account.passwordHint", { n: PASSWORD_MIN })}</p>
      </AuthForm>
    </AuthCard>
  );
}
