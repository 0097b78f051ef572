import { useNavigate } from "react-router-dom";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import type { AdminParcelQuery } from "../../../generated/graphql";
import { DeliveryProofForm } from "../../../modules/delivery/DeliveryProofForm";
import { ParcelGate } from "./ParcelGate";
import * as icons from "../../icons";

type Parcel = AdminParcelQuery["adminParcel"];

function Screen({ parcel, base }: { parcel: Parcel; base: string }) {
  useTitle(`Record delivery ${parcel.tracking_code}`);
  const navigate = useNavigate();
  return (
    <div className="cp-container cp-narrow">
      <PageHeader
        title="Record delivery"
        icon={icons.check_circle}
        sub={
          <>
            <span className="cp-mono">{parcel.tracking_code}</span> · {parcel.recipient_name} · {parcel.destination}
          </>
        }
        back={base}
        backLabel="Back to the parcel"
      />
      <Card>
        {parcel.delivery_proof ? (
          <p className="cp-alert cp-alert-info" role="note">
            A proof of delivery is already recorded for this parcel.
          </p>
        ) : (
          <>
            {parcel.status_code !== "delivered" ? (
              <p className="cp-muted cp-note">Recording the proof also marks the parcel delivered (a history entry, the recipient's e-mail and webhooks).</p>
            ) : null}
            <DeliveryProofForm trackingCode={parcel.tracking_code} onDone={() => navigate(base, { state: { flash: "Delivery recorded" } })} />
          </>
        )}
      </Card>
    </div>
  );
}

export default function RecordDelivery() {
  return <ParcelGate>{(parcel, base) => <Screen parcel={parcel} base={base} />}</ParcelGate>;
}
