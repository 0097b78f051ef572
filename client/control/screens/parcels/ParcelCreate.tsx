import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { useParcelCreateForm } from "./useParcelCreateForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";

export default function ParcelCreate() {
  useTitle("Add Parcel");
  const { bind, errors, busy, onSubmit } = useParcelCreateForm();
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Add Parcel" icon={icons.inventory_2} back="/control/parcels/list.html" backLabel="Back to parcels" />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <TextField
            field={bind("tracking_code")}
            maxLength={MAX_LENGTH.trackingCode}
            autoFocus
            hint="Proposed: an unguessable code. Keep it or type another (letters, digits and - only); customers track with it."
          />
          <TextField field={bind("recipient_name")} />
          <TextField field={bind("destination")} />
          <p className="cp-hint">Everything else (sender, status, dates, map, image and history) is set on the parcel's page after saving.</p>
          <SubmitButton busy={busy}>Save</SubmitButton>
        </form>
      </Card>
    </div>
  );
}
