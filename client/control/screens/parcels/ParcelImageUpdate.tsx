import { useTranslation } from "react-i18next";
import { FileField, FormStatus, SubmitButton } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import type { AdminParcelQuery } from "../../../generated/graphql";
import { ParcelGate } from "./ParcelGate";
import { useParcelImageForm } from "./useParcelImageForm";
import * as icons from "../../icons";
import { NS } from "./cod";

type Parcel = AdminParcelQuery["adminParcel"];

function ImageForm({ parcel, base }: { parcel: Parcel; base: string }) {
  const { t } = useTranslation(NS);
  useTitle(t("image.pageTitle", { code: parcel.tracking_code }));
  const { errors, busy, file, setFile, onSubmit } = useParcelImageForm(parcel.id, parcel.tracking_code);
  return (
    <div className="cp-container cp-narrow">
      <PageHeader
        title={t("image.title")}
        icon={icons.image}
        sub={<span className="cp-mono">{parcel.tracking_code}</span>}
        back={base}
        backLabel={t("backToParcel")}
      />
      <Card>
        {parcel.image ? (
          <figure className="cp-current-image">
            <img src={`/uploads/images/${encodeURIComponent(parcel.image)}`} alt={t("image.currentAlt", { code: parcel.tracking_code })} />
            <figcaption className="cp-muted">{t("image.current")}</figcaption>
          </figure>
        ) : (
          <p className="cp-muted">{t("image.none")}</p>
        )}
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <FileField name="image" file={file} onFile={setFile} />
          <SubmitButton busy={busy} icon={icons.upload_file}>
            {t("image.upload")}
          </SubmitButton>
        </form>
      </Card>
    </div>
  );
}

export default function ParcelImageUpdate() {
  return <ParcelGate>{(parcel, base) => <ImageForm parcel={parcel} base={base} />}</ParcelGate>;
}
