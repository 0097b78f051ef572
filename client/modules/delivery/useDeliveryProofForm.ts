import { useRef, useState } from "react";
import { useAdminRecordDeliveryMutation, type AdminRecordDeliveryMutation } from "../../generated/graphql";
import { useFormState } from "../../control/hooks/useFormState";
import type { SignaturePadHandle } from "./SignaturePad";
import { shrinkPhoto } from "./photo";

export type RecordedProof = AdminRecordDeliveryMutation["recordDelivery"];

/** The proof of delivery form: receiver_name, left_at, a drawn signature and a photo (wire names as on the server). */
export function useDeliveryProofForm(trackingCode: string, onDone: (proof: RecordedProof) => void) {
  const form = useFormState({ receiver_name: "", left_at: "" });
  const signature = useRef<SignaturePadHandle>(null);
  const [signed, setSigned] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [record] = useAdminRecordDeliveryMutation();

  // eslint-disable-next-line react-hooks/refs -- the signature ref is read when the form is submitted, not during render (form.submit only wraps the handler)
  const onSubmit = form.submit(async () => {
    const receiver = form.values.receiver_name.trim();
    const sig = await signature.current?.toFile();
    if (!receiver && !sig && !photo) {
      form.setErrors(["receiver_name, signature or photo is required: record at least one of them"]);
      return;
    }
    const { data } = await record({
      variables: {
        trackingCode,
        input: { receiver_name: receiver || null, left_at: form.values.left_at.trim() || null },
        signature: sig ?? null,
        photo: photo ? await shrinkPhoto(photo) : null,
      },
      // The parcel's screens show the new status, history and proof at once.
      refetchQueries: "active",
      awaitRefetchQueries: true,
    });
    if (data) onDone(data.recordDelivery);
  });
  return { ...form, signature, signed, setSigned, photo, setPhoto, onSubmit };
}
