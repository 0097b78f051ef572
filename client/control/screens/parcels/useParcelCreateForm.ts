import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminCreateParcelMutation, useAdminProposedTrackingCodeQuery } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { numberOrNull } from "../../hooks/values";
import type { Located, Picked } from "../../components/PlacePicker";
import { useCurrency } from "../shippers/common";
import { codMinor, codTypedError, NS } from "./cod";

export function useParcelCreateForm() {
  const form = useFormState({ tracking_code: "", recipient_name: "", destination: "", map_destination_latitude: "", map_destination_longitude: "" });
  const { setValues } = form;
  // How the destination's point was found (the map, the address search, or typed): city only is marked on the board.
  const [located, setLocated] = useState<Located | null>(null);
  // Cash on delivery, typed in the major unit of the site's currency; sent as its smallest unit.
  const [cod, setCod] = useState("");
  const [codError, setCodError] = useState<string | null>(null);
  const currency = useCurrency();
  const { t } = useTranslation(NS);
  // An unguessable code is proposed; the admin may keep it or type another.
  const proposed = useAdminProposedTrackingCodeQuery({ fetchPolicy: "network-only" }).data?.proposedTrackingCode;
  useEffect(() => {
    if (proposed) setValues((v) => (v.tracking_code ? v : { ...v, tracking_code: proposed }));
  }, [proposed, setValues]);
  /** The map or a found place set the destination's point. */
  const pick = (_key: string, at: Picked) => {
    setValues((v) => ({ ...v, map_destination_latitude: String(at.latitude), map_destination_longitude: String(at.longitude) }));
    setLocated(at.located);
  };
  /** The point's fields typed by hand: an exact point. */
  const bindPoint = (name: "map_destination_latitude" | "map_destination_longitude") => {
    const b = form.bind(name);
    return {
      ...b,
      onChange: (e: Parameters<typeof b.onChange>[0]) => {
        b.onChange(e);
        setLocated("exact");
      },
    };
  };
  const [create] = useAdminCreateParcelMutation();
  const navigate = useNavigate();
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const typed = codTypedError(t, cod, currency);
    setCodError(typed);
    if (typed) return;
    const codAmount = codMinor(cod, currency);
    const latitude = numberOrNull(v.map_destination_latitude);
    const longitude = numberOrNull(v.map_destination_longitude);
    const { data } = await create({
      variables: {
        input: {
          tracking_code: v.tracking_code.trim(),
          recipient_name: v.recipient_name.trim(),
          destination: v.destination.trim(),
          ...(codAmount !== null ? { cod_amount: codAmount } : {}),
          ...(latitude !== null || longitude !== null
            ? { map_destination_latitude: latitude, map_destination_longitude: longitude, destination_located: located ?? "exact" }
            : {}),
        },
      },
    });
    navigate("/control/parcels/list.html", { state: { flash: t("create.done", { code: data?.createParcel.tracking_code ?? v.tracking_code }) } });
  });
  return { ...form, onSubmit, pick, bindPoint, located, cod, setCod, codError, currency };
}
