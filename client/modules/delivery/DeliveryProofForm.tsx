import { useCallback, useId, useState } from "react";
import { FormStatus, SubmitButton, TextField } from "../../control/components/fields";
import * as icons from "../../components/icons";
import { SignaturePad } from "./SignaturePad";
import { useDeliveryProofForm, type RecordedProof } from "./useDeliveryProofForm";

/**
 * Records a proof of delivery for one parcel: who took it, a signature drawn on the screen, a photo
 * from the camera and where it was left. At least one of name, signature and photo. Used on the
 * parcel's screen and after a "delivered" scan.
 */
export function DeliveryProofForm({ trackingCode, onDone }: { trackingCode: string; onDone: (proof: RecordedProof) => void }) {
  const { bind, errors, busy, signature, setSigned, photo, setPhoto, onSubmit } = useDeliveryProofForm(trackingCode, onDone);
  const photoId = useId();
  const sigId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const onSigned = useCallback((s: boolean) => setSigned(s), [setSigned]);
  return (
    <form className="cp-form cp-proof-form" onSubmit={onSubmit} noValidate aria-label={`Record delivery of ${trackingCode}`}>
      <FormStatus errors={errors} />
      <TextField field={bind("receiver_name")} label="Received by" optional hint="The name of the person who took the parcel." autoComplete="off" />
      <div className="cp-field">
        <label className="cp-label" htmlFor={sigId}>
          Signature<span className="cp-optional"> (Optional)</span>
        </label>
        <SignaturePad ref={signature} id={sigId} label="Signature of the receiver" onChange={onSigned} />
      </div>
      <div className="cp-field">
        <label className="cp-label" htmlFor={photoId}>
          Photo<span className="cp-optional"> (Optional)</span>
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
        <small className="cp-hint">Opens the camera on a phone. JPEG or PNG.</small>
        {photo && preview ? <img className="cp-file-preview" src={preview} alt="Chosen delivery photo" /> : null}
      </div>
      <TextField field={bind("left_at")} label="Left at" optional hint={'Where the parcel was left, e.g. "with the neighbour at no. 12".'} autoComplete="off" />
      <div className="cp-form-actions">
        <SubmitButton busy={busy} icon={icons.check_circle}>
          Record delivery
        </SubmitButton>
      </div>
    </form>
  );
}
