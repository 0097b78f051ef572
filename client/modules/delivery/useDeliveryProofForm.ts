import { useRef, useState } from "react";
import { useAdminParcelCodQuery, useAdminRecordDeliveryMutation, type AdminRecordDeliveryMutation } from "../../generated/graphql";
import { errorMessages } from "../../errors";
import { useFormState } from "../../control/hooks/useFormState";
import { controlLanguage } from "../../control/time";
import type { SignaturePadHandle } from "./SignaturePad";
import { shrinkPhoto } from "./photo";
import { codRefusals, draftFor, isCodRefusal, paymentOf, type CodDue, type PaymentDraft, type PaymentWords } from "./codPayment";

export type RecordedProof = AdminRecordDeliveryMutation["recordDelivery"];

/**
 * The proof of delivery form: receiver_name, left_at, a drawn signature and a photo (wire names as on the server),
 * and, while a cash-on-delivery amount is expected (the caller's `due`, else the parcel's own, read here), the payment
 * taken at the door. `words` turns the form's and the server's refusals into the member's language.
 */
export function useDeliveryProofForm(
  trackingCode: string,
  onDone: (proof: RecordedProof) => void,
  words: PaymentWords & { oneOf: string },
  given?: CodDue | null,
) {
  const form = useFormState({ receiver_name: "", left_at: "" });
  const signature = useRef<SignaturePadHandle>(null);
  const [signed, setSigned] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [record] = useAdminRecordDeliveryMutation();
  // The parcel's own amount when the caller does not know it (the parcel's screen, a proof after a scan).
  const parcel = useAdminParcelCodQuery({ variables: { trackingCode }, skip: given !== undefined, fetchPolicy: "network-only" });
  const cod = parcel.data?.adminParcel.cod;
  const due: CodDue | null = given !== undefined ? given : cod?.status === "expected" ? { amount: cod.amount, currency: cod.currency } : null;
  const [draft, setDraft] = useState<PaymentDraft | null>(null);
  const payment = due ? (draft ?? draftFor(due, controlLanguage())) : null;
  const [invalid, setInvalid] = useState<("amount" | "reference")[]>([]);

  // eslint-disable-next-line react-hooks/refs -- the signature ref is read when the form is submitted, not during render (form.submit only wraps the handler)
  const onSubmit = form.submit(async () => {
    setInvalid([]);
    const receiver = form.values.receiver_name.trim();
    const sig = await signature.current?.toFile();
    const problems: string[] = [];
    if (!receiver && !sig && !photo) problems.push(words.oneOf);
    let cod = null;
    if (due && payment) {
      const checked = paymentOf(payment, due);
      if ("problems" in checked) {
        problems.push(...checked.problems.map(words.problem));
        setInvalid(checked.problems.map((p) => p.field));
      } else cod = checked.payment;
    }
    if (problems.length) {
      form.setErrors(problems);
      return;
    }
    try {
      const { data } = await record({
        variables: {
          trackingCode,
          input: { receiver_name: receiver || null, left_at: form.values.left_at.trim() || null, ...(cod ? { cod } : {}) },
          signature: sig ?? null,
          photo: photo ? await shrinkPhoto(photo) : null,
        },
        // The parcel's screens show the new status, history and proof at once.
        refetchQueries: "active",
        awaitRefetchQueries: true,
      });
      if (data) onDone(data.recordDelivery);
    } catch (e) {
      // The server's refusal of the payment (another amount, a card without its receipt): said with the form's words.
      const messages = errorMessages(e);
      if (!isCodRefusal(messages)) throw e;
      const refusals = codRefusals(messages);
      setInvalid(refusals.flatMap((r) => (r.field === "amount" || r.field === "reference" ? [r.field] : [])));
      form.setErrors(refusals.map(words.refusal));
      // A payment now due that the form did not know of: ask for it.
      if (!due) void parcel.refetch();
    }
  });
  return { ...form, signature, signed, setSigned, photo, setPhoto, onSubmit, due, payment, setPayment: setDraft, invalid };
}
