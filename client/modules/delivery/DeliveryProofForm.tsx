import { useCallback, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormStatus, SubmitButton, TextField } from "../../control/components/fields";
import * as icons from "../../components/icons";
import { SignaturePad } from "./SignaturePad";
import { useDeliveryProofForm, type RecordedProof } from "./useDeliveryProofForm";
import { CodPaymentFields, PROOF_NS, usePaymentWords } from "../../control/components/CodPayment";
import type { CodDue } from "./codPayment";

/**
 * Records a proof of delivery for one parcel: who took it, a signature drawn on the screen, a photo
 * from the camera and where it was left. At least one of name, signature and photo. With a cash-on-delivery
 * amount expected, the payment taken at the door too (`due` when the caller knows it, else the parcel's is read).
 * Used on the parcel's screen, after a "delivered" scan and by the run screen's Deliver.
 */
export function DeliveryProofForm({ trackingCode, onDone, due }: { trackingCode: string; onDone: (proof: RecordedProof) => void; due?: CodDue | null }) {
  const { t } = useTranslation(PROOF_NS);
  const words = usePaymentWords();
  const { bind, errors, busy, setSigned, signature, photo, setPhoto, onSubmit, payment, setPayment, invalid, ...rest } = useDeliveryProofForm(
    trackingCode,
    onDone,
    { ...words, oneOf: t("proof.oneOf") },
    due,
  );
  const photoId = useId();
  const sigId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const onSigned = useCallback((s: boolean) => setSigned(s), [setSigned]);
  const optional = <span className="cp-optional"> {t("form.optional", { ns: "control" })}</span>;
  return (
    <form className="cp-form cp-proof-form" onSubmit={onSubmit} noValidate aria-label={t("proof.formLabel", { code: trackingCode })}>
      <FormStatus errors={errors} />
      {rest.due && payment ? <CodPaymentFields due={rest.due} draft={payment} onChange={setPayment} invalid={invalid} /> : null}
      <TextField field={bind("receiver_name")} label={t("proof.receiver")} optional hint={t("proof.receiverHint")} autoComplete="off" />
      <div className="cp-field">
        <label className="cp-label" htmlFor={sigId}>
          {t("proof.signature")}
          {optional}
        </label>
        <SignaturePad ref={signature} id={sigId} label={t("proof.signatureLabel")} onChange={onSigned} />
      </div>
      <div className="cp-field">
        <label className="cp-label" htmlFor={photoId}>
          {t("proof.photo")}
          {optional}
        </label>
        <input
          id={photoId}
          className="cp-input cp-file"
          type="file"
          name="photo"
          accept="image/*"
          capture="environment"
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            setPhoto(f);
            if (preview) URL.revokeObjectURL(preview);
            setPreview(f ? URL.createObjectURL(f) : null);
          }}
        />
        <small className="cp-hint">{t("proof.photoHint")}</small>
        {photo && preview ? <img className="cp-file-preview" src={preview} alt={t("proof.photoAlt")} /> : null}
      </div>
      <TextField field={bind("left_at")} label={t("proof.leftAt")} optional hint={t("proof.leftAtHint")} autoComplete="off" />
      <div className="cp-form-actions">
        <SubmitButton busy={busy} icon={icons.check_circle}>
          {rest.due ? t("proof.submitPaid") : t("proof.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
