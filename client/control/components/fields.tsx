import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { ErrorList } from "../../components/ErrorList";
import type { Option } from "../options";
import { fieldLabel, readableMessage } from "../fieldLabels";
import { useHasToasts, useToast } from "./Toast";
import { MAX_TEXT } from "@shared/core/lengths.codes";
import { PASSWORD_MIN } from "@shared/modules/admin/password.codes";
import * as icons from "../icons";

/** What a code looks like (no words: the same in every language). */
const CODE_SHAPE = { recovery: "xxxxx-xxxxx", app: "123456" };

/** The hint under a new password's field: the server's rule. */
export function NewPasswordHint() {
  const { t } = useTranslation("control");
  return <>{t("form.newPasswordHint", { min: PASSWORD_MIN })}</>;
}

type Bound = {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  "aria-invalid"?: boolean;
};

interface BaseProps {
  field: Bound;
  label?: string;
  optional?: boolean;
  hint?: ReactNode;
  autoFocus?: boolean;
}

function Label({ id, label, name, optional }: { id: string; label?: string; name: string; optional?: boolean }) {
  const { t } = useTranslation("control");
  return (
    <label htmlFor={id} className="cp-label">
      {label ?? fieldLabel(name)}
      {optional ? <span className="cp-optional"> {t("form.optional")}</span> : null}
    </label>
  );
}

function Hint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <small id={id} className="cp-hint">
      {hint}
    </small>
  ) : null;
}

/** Text-like input: text, email, number (step any), date, datetime-local, url, tel. At most MAX_TEXT characters unless told. */
export function TextField({
  field,
  label,
  optional,
  hint,
  autoFocus,
  type = "text",
  maxLength = MAX_TEXT,
  min,
  max,
  autoComplete,
  placeholder,
}: BaseProps & {
  type?: "text" | "email" | "number" | "date" | "datetime-local" | "url" | "tel";
  maxLength?: number;
  min?: number | string;
  max?: number | string;
  autoComplete?: string;
  placeholder?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const isNumber = type === "number";
  const isDate = type === "date" || type === "datetime-local";
  return (
    <div className="cp-field">
      <Label id={id} label={label} name={field.name} optional={optional} />
      <input
        id={id}
        className="cp-input"
        type={type}
        {...field}
        required={!optional}
        maxLength={isNumber || isDate ? undefined : maxLength}
        step={isNumber ? "any" : undefined}
        inputMode={isNumber ? "decimal" : undefined}
        min={min}
        max={max}
        autoComplete={autoComplete}
        placeholder={placeholder}
        autoFocus={autoFocus}
        aria-describedby={hint ? hintId : undefined}
      />
      <Hint id={hintId} hint={hint} />
    </div>
  );
}

/**
 * A one-time code: the six digits of an authenticator app (numeric keypad, the phone's
 * one-time-code autofill), or with `recovery` a recovery code (letters and digits).
 */
export function CodeField({ field, label, hint, autoFocus, recovery }: BaseProps & { recovery?: boolean }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="cp-field">
      <Label id={id} label={label} name={field.name} />
      <input
        id={id}
        className="cp-input cp-code-input"
        type="text"
        {...field}
        required
        maxLength={recovery ? 40 : 7}
        inputMode={recovery ? "text" : "numeric"}
        pattern={recovery ? undefined : "[0-9 ]*"}
        autoComplete={recovery ? "off" : "one-time-code"}
        autoCapitalize="off"
        spellCheck={false}
        placeholder={recovery ? CODE_SHAPE.recovery : CODE_SHAPE.app}
        autoFocus={autoFocus}
        aria-describedby={hint ? hintId : undefined}
      />
      <Hint id={hintId} hint={hint} />
    </div>
  );
}

/** A masked password with a reveal/hide toggle. */
export function PasswordField({ field, label, optional, hint, autoFocus, autoComplete = "current-password" }: BaseProps & { autoComplete?: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const { t } = useTranslation("control");
  const [shown, setShown] = useState(false);
  const what = label ?? fieldLabel(field.name);
  return (
    <div className="cp-field">
      <Label id={id} label={label} name={field.name} optional={optional} />
      <div className="cp-password">
        <input
          id={id}
          className="cp-input"
          type={shown ? "text" : "password"}
          {...field}
          required={!optional}
          maxLength={MAX_TEXT}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          spellCheck={false}
          aria-describedby={hint ? hintId : undefined}
        />
        <button
          type="button"
          className="cp-reveal"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={shown ? t("form.hideNamed", { what }) : t("form.showNamed", { what })}
          title={shown ? t("form.hide") : t("form.show")}
        >
          <Icon path={shown ? icons.visibility_off : icons.visibility} size={20} />
        </button>
      </div>
      <Hint id={hintId} hint={hint} />
    </div>
  );
}

export function TextAreaField({
  field,
  label,
  optional,
  hint,
  autoFocus,
  maxLength,
  height,
  rows = 6,
}: BaseProps & { maxLength?: number; height?: string; rows?: number }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="cp-field">
      <Label id={id} label={label} name={field.name} optional={optional} />
      <textarea
        id={id}
        className="cp-input cp-textarea"
        {...field}
        rows={rows}
        required={!optional}
        maxLength={maxLength}
        autoFocus={autoFocus}
        style={height ? { height } : undefined}
        aria-describedby={hint ? hintId : undefined}
      />
      <Hint id={hintId} hint={hint} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  optional,
  hint,
  options,
  preview,
  emptyLabel = "-",
}: BaseProps & { options: Option[]; preview?: ReactNode; emptyLabel?: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="cp-field">
      <Label id={id} label={label} name={field.name} optional={optional} />
      <div className="cp-select-row">
        {preview}
        <select id={id} className="cp-input cp-select" {...field} required={!optional} aria-describedby={hint ? hintId : undefined}>
          {optional ? <option value="">{emptyLabel}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <Hint id={hintId} hint={hint} />
    </div>
  );
}

/** A set of checkboxes under a legend, each option's label as code with its hint. */
export function CheckList({
  legend,
  name,
  options,
  ticked,
  onToggle,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string; hint: string }[];
  ticked: string[];
  onToggle: (value: string, on: boolean) => void;
}) {
  return (
    <fieldset className="cp-fieldset">
      <legend>{legend}</legend>
      <ul className="cp-checks">
        {options.map((o) => (
          <li key={o.value}>
            <label className="cp-check">
              <input type="checkbox" name={name} value={o.value} checked={ticked.includes(o.value)} onChange={(ev) => onToggle(o.value, ev.target.checked)} />
              <span>
                <code>{o.label}</code>
                <small className="cp-muted">{o.hint}</small>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** One image file, JPEG or PNG, with a preview of the chosen file. */
export function FileField({
  name,
  label,
  optional,
  file,
  onFile,
  hint,
}: {
  name: string;
  label?: string;
  optional?: boolean;
  file: File | null;
  onFile: (f: File | null) => void;
  hint?: ReactNode;
}) {
  const { t } = useTranslation("control");
  const id = useId();
  const hintId = `${id}-hint`;
  const [preview, setPreview] = useState<string | null>(null);
  return (
    <div className="cp-field">
      <Label id={id} label={label} name={name} optional={optional} />
      <input
        id={id}
        className="cp-input cp-file"
        type="file"
        name={name}
        accept=".jpg,.jpeg,.png"
        required={!optional}
        aria-describedby={hintId}
        onChange={(e) => {
          const f = e.target.files?.[0] ?? null;
          onFile(f);
          if (preview) URL.revokeObjectURL(preview);
          setPreview(f ? URL.createObjectURL(f) : null);
        }}
      />
      <small id={hintId} className="cp-hint">
        {hint ?? t("form.imageHint")}
      </small>
      {file && preview ? <img className="cp-file-preview" src={preview} alt={t("form.chosenFile", { name: file.name })} /> : null}
    </div>
  );
}

export function SubmitButton({ busy, children, icon }: { busy?: boolean; children: ReactNode; icon?: string }) {
  return (
    <button type="submit" className="cp-btn cp-btn-primary" disabled={busy} aria-busy={busy || undefined}>
      {icon ? <Icon path={icon} size={20} /> : null}
      <span>{children}</span>
      {busy ? <span className="cp-spinner" aria-hidden="true" /> : null}
    </button>
  );
}

/**
 * The foot of a form that adds a record or edits one (`editing`): Add or Save, and Close while editing.
 * `what` names the record ("zone": "Add zone", "Save zone").
 */
export function AddOrSaveActions({ busy, what, editing, close }: { busy?: boolean; what: string; editing: boolean; close: () => void }) {
  const { t } = useTranslation("control");
  return (
    <div className="cp-ship-actions">
      <SubmitButton busy={busy}>{editing ? t("actions.saveNamed", { what }) : t("actions.addNamed", { what })}</SubmitButton>
      {editing ? (
        <button type="button" className="cp-btn cp-btn-outline" onClick={close}>
          {t("actions.close")}
        </button>
      ) : null}
    </div>
  );
}

/** Brings a panel that has just appeared into view when it is out of it (above a long form the user scrolled down). */
function reveal(el: HTMLElement | null) {
  if (!el || typeof el.scrollIntoView !== "function") return;
  const r = el.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= window.innerHeight) return;
  const smooth = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ block: "center", behavior: smooth ? "smooth" : "auto" });
}

/**
 * A form's outcome. The errors: a red panel in the form, each message naming its field as the screen labels
 * it (fieldLabels.ts), scrolled into view when the form was submitted from further down. The success
 * message: a toast in the viewport, announced politely (Toast.tsx); outside the control panel's toasts, a
 * green panel in place.
 */
export function FormStatus({ errors, message }: { errors: string[]; message?: string }) {
  const toast = useToast();
  const toasts = useHasToasts();
  const panel = useRef<HTMLDivElement>(null);
  const shown = errors.join("\n");
  useEffect(() => {
    if (message && toasts) toast(message, "done");
  }, [message, toasts, toast]);
  useEffect(() => {
    if (shown) reveal(panel.current);
  }, [shown]);
  return (
    <>
      {errors.length ? (
        <div ref={panel} className="cp-alert cp-alert-error" role="alert" data-testid="form-errors">
          <ErrorList errors={errors.map((m) => readableMessage(m))} />
        </div>
      ) : null}
      {message && !toasts ? (
        <div className="cp-alert cp-alert-success" role="status" data-testid="form-message">
          {message}
        </div>
      ) : null}
    </>
  );
}
