import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { useAdminCreateParcelMutation, useAdminProposedTrackingCodeQuery } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";

export function useParcelCreateForm() {
  const form = useFormState({ tracking_code: "", recipient_name: "", destination: "" });
  const { setValues } = form;
  // An unguessable code is proposed; the admin may keep it or type another.
  const proposed = useAdminProposedTrackingCodeQuery({ fetchPolicy: "network-only" }).data?.proposedTrackingCode;
  useEffect(() => {
    if (proposed) setValues((v) => (v.tracking_code ? v : { ...v, tracking_code: proposed }));
  }, [proposed, setValues]);
  const [create] = useAdminCreateParcelMutation();
  const navigate = useNavigate();
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const { data } = await create({
      variables: { input: { tracking_code: v.tracking_code.trim(), recipient_name: v.recipient_name.trim(), destination: v.destination.trim() } },
    });
    navigate("/control/parcels/list.html", { state: { flash: `Parcel ${data?.createParcel.tracking_code ?? v.tracking_code} created` } });
  });
  return { ...form, onSubmit };
}
