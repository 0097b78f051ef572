import { FormStatus, SelectField, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { LANGUAGE_OPTIONS, SHOW_MAP_OPTIONS, STATUS_OPTIONS, YES_NO_OPTIONS } from "../../options";
import type { AdminParcelQuery } from "../../../generated/graphql";
import { ParcelGate } from "./ParcelGate";
import { BOOL_FIELDS, NUMBER_FIELDS, TEXT_FIELDS } from "./parcelFields";
import { useParcelUpdateForm } from "./useParcelUpdateForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import { useCurrency } from "../shippers/common";

type Parcel = AdminParcelQuery["adminParcel"];
const FIELDS = [...TEXT_FIELDS, ...NUMBER_FIELDS, ...BOOL_FIELDS, "map_zoom"] as const;

function UpdateForm({ parcel, base }: { parcel: Parcel; base: string }) {
  useTitle(`Update Parcel ${parcel.tracking_code}`);
  const { bind, values, errors, busy, onSubmit } = useParcelUpdateForm(parcel, FIELDS, "Parcel updated");
  const currency = useCurrency();
  return (
    <div className="cp-container">
      <PageHeader title="Update Parcel" sub={<span className="cp-mono">{parcel.tracking_code}</span>} back={base} backLabel="Back to the parcel" />
      <form className="cp-form" onSubmit={onSubmit} noValidate>
        <FormStatus errors={errors} />
        <div className="cp-form-grid">
          <Card title="Recipient and sender">
            <TextField field={bind("tracking_code")} maxLength={MAX_LENGTH.trackingCode} />
            <TextField field={bind("recipient_name")} />
            <TextField field={bind("recipient_email")} type="email" optional />
            <TextField field={bind("recipient_phone_number")} type="tel" optional />
            <TextField field={bind("sender_name")} optional />
            <TextField field={bind("sender_email")} type="email" optional />
          </Card>
          <Card title="Shipment">
            <TextField field={bind("destination")} />
            <TextField field={bind("current_location")} optional />
            <TextField field={bind("pickup_location")} optional />
            <TextField field={bind("shipped_via")} optional />
            <TextField field={bind("parcel_content")} optional />
            <div className="cp-field-row">
              <TextField field={bind("weight")} type="number" min={0} optional />
              <TextField field={bind("declared_value")} label={`Declared Value (${currency})`} type="number" min={0} optional />
            </div>
            <div className="cp-field-row">
              <TextField field={bind("min_expected_delivery_date")} type="date" optional />
              <TextField field={bind("max_expected_delivery_date")} type="date" optional />
            </div>
          </Card>
          <Card title="Status">
            <SelectField
              field={bind("status_code")}
              label="Status code"
              optional
              emptyLabel="(none)"
              options={STATUS_OPTIONS}
              hint="The normalised status behind the progress bar. A history entry with a status sets it too."
            />
            <TextField field={bind("status_reason")} label="Status reason" optional hint="Why, e.g. the reason of a failed delivery." />
            <TextField field={bind("status")} optional hint="Free text, e.g. In transit." />
          </Card>
          <Card title="Notifications and privacy">
            <SelectField
              field={bind("notify_recipient")}
              label="Notify recipient"
              options={YES_NO_OPTIONS}
              hint={
                values.notify_recipient === "true" && !values.recipient_email.trim()
                  ? "E-mails go to the recipient email, which is empty: nothing will be sent."
                  : "E-mail the recipient when a history entry changes the status."
              }
            />
            <SelectField
              field={bind("recipient_language")}
              label="Recipient's language"
              optional
              emptyLabel="English (default)"
              options={LANGUAGE_OPTIONS}
              hint="The language of the status e-mails."
            />
            {parcel.recipient_unsubscribed ? (
              <p className="cp-alert cp-alert-info cp-note" role="note" data-testid="unsubscribed-note">
                The recipient used the unsubscribe link: no status e-mails are sent for this parcel.
              </p>
            ) : null}
            <SelectField
              field={bind("protect_details")}
              label="Protect details"
              options={YES_NO_OPTIONS}
              hint="Visitors then need the recipient's postcode or e-mail to see names and the image."
            />
            <TextField
              field={bind("recipient_postcode")}
              optional
              maxLength={MAX_LENGTH.postcode}
              hint="The second factor a visitor may enter for protected details."
            />
            <SelectField
              field={bind("allow_reschedule")}
              label="Allow rescheduling"
              options={YES_NO_OPTIONS}
              hint="After a failed delivery attempt the recipient may pick a new delivery day (next 5 working days) or a pick-up at the depot on the tracking page."
            />
          </Card>
          <Card title="Map">
            <div className="cp-field-row">
              <SelectField field={bind("show_map")} options={SHOW_MAP_OPTIONS} />
              <TextField field={bind("map_zoom")} type="number" min={1} max={19} />
            </div>
            <div className="cp-field-row">
              <TextField field={bind("map_current_latitude")} type="number" min={-90} max={90} optional={values.show_map !== "yes"} />
              <TextField field={bind("map_current_longitude")} type="number" min={-180} max={180} optional={values.show_map !== "yes"} />
            </div>
            <div className="cp-field-row">
              <TextField field={bind("map_pickup_latitude")} type="number" min={-90} max={90} optional />
              <TextField field={bind("map_pickup_longitude")} type="number" min={-180} max={180} optional />
            </div>
            <div className="cp-field-row">
              <TextField field={bind("map_destination_latitude")} type="number" min={-90} max={90} optional />
              <TextField field={bind("map_destination_longitude")} type="number" min={-180} max={180} optional />
            </div>
          </Card>
        </div>
        <div className="cp-form-actions">
          <SubmitButton busy={busy}>Save</SubmitButton>
        </div>
      </form>
    </div>
  );
}

export default function ParcelUpdate() {
  return <ParcelGate>{(parcel, base) => <UpdateForm parcel={parcel} base={base} />}</ParcelGate>;
}
