import { FileField, FormStatus, SubmitButton } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import type { AdminParcelQuery } from "../../../generated/graphql";
import { ParcelGate } from "./ParcelGate";
import { useParcelImageForm } from "./useParcelImageForm";
import * as icons from "../../icons";

type Parcel = AdminParcelQuery["adminParcel"];

function ImageForm({ parcel, base }: { parcel: Parcel; base: string }) {
  useTitle(`Update Image ${parcel.tracking_code}`);
  const { errors, busy, file, setFile, onSubmit } = useParcelImageForm(parcel.id, parcel.tracking_code);
  return (
    <div className="cp-container cp-narrow">
      <PageHeader
        title="Update Image"
        icon={icons.image}
        sub={<span className="cp-mono">{parcel.tracking_code}</span>}
        back={base}
        backLabel="Back to the parcel"
      />
      <Card>
        {parcel.image ? (
          <figure className="cp-current-image">
            <img src={`/uploads/images/${encodeURIComponent(parcel.image)}`} alt={`Current image of parcel ${parcel.tracking_code}`} />
            <figcaption className="cp-muted">Current image; an upload replaces it.</figcaption>
          </figure>
        ) : (
          <p className="cp-muted">This parcel has no image yet.</p>
        )}
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <FileField name="image" file={file} onFile={setFile} />
          <SubmitButton busy={busy} icon={icons.upload_file}>
            Upload
          </SubmitButton>
        </form>
      </Card>
    </div>
  );
}

export default function ParcelImageUpdate() {
  return <ParcelGate>{(parcel, base) => <ImageForm parcel={parcel} base={base} />}</ParcelGate>;
}
