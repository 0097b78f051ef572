import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useShipperTranslation } from "../quote/i18n";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { PASSWORD_MIN } from "@shared/modules/admin/password.codes";
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
import { safeNext, useSetShipper } from "./useShipper";

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

/** Runs a form's call: its errors by field (those the form shows), the others above the button. */
function useFormCall(fields: readonly string[]) {
  const { t } = useShipperTranslation();
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const call = async <T,>(run: () => Promise<T>): Promise<T | null> => {
    setErrors(NO_ERRORS);
    try {
      return await run();
    } catch (e) {
      setErrors(fieldErrors(t, e, (f) => fields.includes(f)));
      return null;
    }
  };
  return { errors, call };
}

type Setter = (v: string) => void;
function useFields<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const set =
    (k: K): Setter =>
    (v) =>
      setValues((s) => ({ ...s, [k]: v }));
  return { values, set };
}

function FormErrors({ errors }: { errors: FieldErrors }) {
  const { t } = useShipperTranslation();
  return errors.general.length ? <ErrorAlert title={t("account.errorsTitle")} errors={errors.general} /> : null;
}

export function SignInScreen() {
  const { t } = useShipperTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setShipper = useSetShipper();
  const { values, set } = useFields({ email: params.get("email") ?? "", password: "" });
  const { errors, call } = useFormCall(["email", "password"]);
  const [signIn, { loading }] = useUserSignInMutation();
  const next = safeNext(params.get("next"));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await call(() => signIn({ variables: { input: { email: values.email.trim(), password: values.password } } }));
    if (r?.data) {
      setShipper(r.data.userSignIn);
      void navigate(next, { replace: true });
    }
  };

  return (
    <AuthCard title={t("account.signIn")}>
      {params.get("reset") ? (
        <div className="alert alert-success" role="status">
          <p>{t("account.passwordSet")}</p>
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id="si-email"
          name="email"
          type="email"
          autoComplete="email"
          label={t("account.email")}
          value={values.email}
          onValue={set("email")}
          error={errors.byField.email}
        />
        <TextField
          id="si-password"
          name="password"
          type="password"
          autoComplete="current-password"
          label={t("account.password")}
          value={values.password}
          onValue={set("password")}
          error={errors.byField.password}
        />
        <FormErrors errors={errors} />
        <button type="submit" className="btn btn-primary btn-block" disabled={loading}>
          {t("account.signIn")}
        </button>
      </form>
      <p className="auth-links">
        <Link to="/account/forgot">{t("account.forgot")}</Link>
        <Link to={`/account/signup${next !== "/account" ? `?next=${encodeURIComponent(next)}` : ""}`}>{t("account.noAccount")}</Link>
      </p>
    </AuthCard>
  );
}

const SIGN_UP_FIELDS = ["name", "company", "email", "phone", "password"] as const;

export function SignUpScreen() {
  const { t } = useShipperTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setShipper = useSetShipper();
  const settings = useShippingSettingsQuery();
  const { values, set } = useFields({ name: "", company: "", email: "", phone: "", password: "" });
  const { errors, call } = useFormCall(SIGN_UP_FIELDS);
  const [signUp, { loading }] = useUserSignUpMutation();
  const next = safeNext(params.get("next"));

  if (settings.data?.settings.shipper_signup === "off") {
    return (
      <AuthCard title={t("account.signUp")}>
        <div className="alert alert-error" role="alert">
          <p>{t("account.signUpClosed")}</p>
        </div>
        <p className="auth-links">
          <Link to="/contact.html">{t("nav.contact")}</Link>
          <Link to="/account/signin">{t("account.haveAccount")}</Link>
        </p>
      </AuthCard>
    );
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const input = {
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      company: values.company.trim() || null,
      phone: values.phone.trim() || null,
    };
    const r = await call(() => signUp({ variables: { input } }));
    if (r?.data) {
      setShipper(r.data.signUp);
      void navigate(next, { replace: true, state: { welcome: true } });
    }
  };

  return (
    <AuthCard title={t("account.signUp")}>
      <p className="auth-intro">{t("account.signUpIntro")}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id="su-name"
          name="name"
          autoComplete="name"
          label={t("account.name")}
          value={values.name}
          onValue={set("name")}
          error={errors.byField.name}
        />
        <TextField
          id="su-company"
          name="company"
          autoComplete="organization"
          label={t("account.companyOptional")}
          value={values.company}
          onValue={set("company")}
          error={errors.byField.company}
        />
        <TextField
          id="su-email"
          name="email"
          type="email"
          autoComplete="email"
          label={t("account.email")}
          value={values.email}
          onValue={set("email")}
          error={errors.byField.email}
        />
        <TextField
          id="su-phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          label={t("account.phoneOptional")}
          value={values.phone}
          onValue={set("phone")}
          error={errors.byField.phone}
        />
        <TextField
          id="su-password"
          name="password"
          type="password"
          autoComplete="new-password"
          label={t("account.password")}
          value={values.password}
          onValue={set("password")}
          error={errors.byField.password}
          aria-describedby={errors.byField.password ? "su-password-error" : "su-password-hint"}
        />
        <p className="field-hint" id="su-password-hint">
          {t("account.passwordHint", { n: PASSWORD_MIN })}
        </p>
        <FormErrors errors={errors} />
        <button type="submit" className="btn btn-primary btn-block" disabled={loading}>
          {t("account.createAccount")}
        </button>
      </form>
      <p className="auth-links">
        <Link to={`/account/signin${next !== "/account" ? `?next=${encodeURIComponent(next)}` : ""}`}>{t("account.haveAccount")}</Link>
      </p>
    </AuthCard>
  );
}

/**
 * The verification link's landing: the token is sent once; the answer says whether the address is confirmed.
 * The link may be opened where the shipper is not signed in: the area asks the server who is signed in, as always.
 */
export function VerifyScreen() {
  const { t } = useShipperTranslation();
  const [params] = useSearchParams();
  const [verify] = useVerifyEmailMutation();
  const [state, setState] = useState<"working" | "done" | "failed">("working");
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = params.get("token") ?? "";
    verify({ variables: { input: { token } } }).then(
      () => setState("done"),
      () => setState("failed"),
    );
  }, [params, verify]);

  return (
    <AuthCard title={t("account.verifyTitle")}>
      {state === "working" ? <p role="status">{t("account.verifying")}</p> : null}
      {state === "done" ? (
        <div className="alert alert-success" role="status">
          <p>{t("account.verified")}</p>
        </div>
      ) : null}
      {state === "failed" ? (
        <div className="alert alert-error" role="alert">
          <p>{t("account.verifyFailed")}</p>
        </div>
      ) : null}
      {state !== "working" ? (
        <Link className="btn btn-primary" to="/account">
          {t("account.toAccount")}
        </Link>
      ) : null}
    </AuthCard>
  );
}

export function ForgotScreen() {
  const { t } = useShipperTranslation();
  const { values, set } = useFields({ email: "" });
  const { errors, call } = useFormCall(["email"]);
  const [send, { loading }] = useUserSendPinMutation();
  const [sent, setSent] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await call(() => send({ variables: { input: { email: values.email.trim() } } }));
    if (r) setSent(true);
  };

  return (
    <AuthCard title={t("account.resetTitle")}>
      {sent ? (
        <div className="alert alert-success" role="status">
          <p>{t("account.resetSent", { email: values.email.trim() })}</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p className="auth-intro">{t("account.resetIntro")}</p>
          <TextField
            id="fp-email"
            name="email"
            type="email"
            autoComplete="email"
            label={t("account.email")}
            value={values.email}
            onValue={set("email")}
            error={errors.byField.email}
          />
          <FormErrors errors={errors} />
          <button type="submit" className="btn btn-primary btn-block" disabled={loading}>
            {t("account.sendReset")}
          </button>
        </form>
      )}
      <p className="auth-links">
        <Link to={`/account/password?email=${encodeURIComponent(values.email.trim())}`}>{t("account.haveToken")}</Link>
        <Link to="/account/signin">{t("account.signIn")}</Link>
      </p>
    </AuthCard>
  );
}

const PASSWORD_FIELDS = ["email", "password_token", "new_password", "confirm_new_password"] as const;

/** A new password with the mailed token (the reset link, or the staff's invitation: `invited=1`). */
export function PasswordScreen() {
  const { t } = useShipperTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invited = params.get("invited") === "1";
  const { values, set } = useFields({
    email: params.get("email") ?? "",
    password_token: params.get("token") ?? "",
    new_password: "",
    confirm_new_password: "",
  });
  const { errors, call } = useFormCall(PASSWORD_FIELDS);
  const [reset, { loading }] = useUserResetPasswordMutation();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await call(() => reset({ variables: { input: { ...values, email: values.email.trim(), password_token: values.password_token.trim() } } }));
    if (r) void navigate(`/account/signin?reset=1&email=${encodeURIComponent(values.email.trim())}`, { replace: true });
  };

  return (
    <AuthCard title={invited ? t("account.inviteTitle") : t("account.newPasswordTitle")}>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id="pw-email"
          name="email"
          type="email"
          autoComplete="email"
          label={t("account.email")}
          value={values.email}
          onValue={set("email")}
          error={errors.byField.email}
        />
        <TextField
          id="pw-token"
          name="password_token"
          autoComplete="one-time-code"
          label={t("account.token")}
          value={values.password_token}
          onValue={set("password_token")}
          error={errors.byField.password_token}
        />
        <TextField
          id="pw-new"
          name="new_password"
          type="password"
          autoComplete="new-password"
          label={t("account.newPassword")}
          value={values.new_password}
          onValue={set("new_password")}
          error={errors.byField.new_password}
        />
        <TextField
          id="pw-confirm"
          name="confirm_new_password"
          type="password"
          autoComplete="new-password"
          label={t("account.confirmPassword")}
          value={values.confirm_new_password}
          onValue={set("confirm_new_password")}
          error={errors.byField.confirm_new_password}
        />
        <p className="field-hint">{t("account.passwordHint", { n: PASSWORD_MIN })}</p>
        <FormErrors errors={errors} />
        <button type="submit" className="btn btn-primary btn-block" disabled={loading}>
          {t("account.setPassword")}
        </button>
      </form>
    </AuthCard>
  );
}
