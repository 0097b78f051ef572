import { useNavigate } from "react-router-dom";
import { useAdminCreateParcelMutation } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";

export function useParcelCreateForm() {
  const form = useFormState({ tracking_code: "", recipient_name: "", destination: "" });
  const [create] = useAdminCreateParcelMutation();
  const navigate = useNavigate();
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const { data } = await create({ variables: { input: { tracking_code: v.tracking_code.trim(), recipient_name: v.recipient_name.trim(), destination: v.destination.trim() } } });
    navigate("/control/parcels/list.html", { state: { flash: `Parcel ${data?.createParcel.tracking_code ?? v.tracking_code} created` } });
  });
  return { ...form, onSubmit };
}
