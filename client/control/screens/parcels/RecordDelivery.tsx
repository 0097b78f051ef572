import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import type { AdminParcelQuery } from "../../../generated/graphql";
import { DeliveryProofForm } from "../../../modules/delivery/DeliveryProofForm";
import { ParcelGate } from "./ParcelGate";
import * as icons from "../../icons";
import { NS } from "./cod";

type Parcel = AdminParcelQuery["adminParcel"];

function Screen({ parcel, base }: { parcel: Parcel; base: string }) {
  const { t } = useTranslation(NS);
  useTitle(t("deliver.pageTitle", { code: parcel.tracking_code }));
  const navigate = useNavigate();
  return (
    <div className="cp-container cp-narrow">
      <PageHeader
        title={t("deliver.title")}
        icon={icons.check_circle}
        sub={
          <>
            <span className="cp-mono">{parcel.tracking_code}</span> · {parcel.recipient_name} · {parcel.destination}
          </>
        }
        back={base}
        backLabel={t("backToParcel")}
      />
      <Card>
        {parcel.delivery_proof ? (
          <p className="cp-alert cp-alert-info" role="note">
            {t("deliver.already")}
          </p>
        ) : (
          <>
            {parcel.status_code !== "delivered" ? <p className="cp-muted cp-note">{t("deliver.marks")}</p> : null}
            <DeliveryProofForm trackingCode={parcel.tracking_code} onDone={() => navigate(base, { state: { flash: t("deliver.done") } })} />
          </>
        )}
      </Card>
    </div>
  );
}

export default function RecordDelivery() {
  return <ParcelGate>{(parcel, base) => <Screen parcel={parcel} base={base} />}</ParcelGate>;
}
