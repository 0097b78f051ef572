import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import type { AdminSettingsQuery } from "../../../generated/graphql";
import { DISPATCH_LIMITS, type DispatchSettingKey } from "@shared/modules/settings/settings.codes";
import { SettingsGate } from "./SettingsGate";
import { DELIVERY_DAY_LABELS, depotOf, labelled } from "./deliveryDay";
import { useDeliveryDaySettingsForm } from "./useDeliveryDaySettingsForm";
import * as icons from "../../icons";
import "./deliveryDay.css";

const DepotMap = lazy(() => import("./DepotMap"));

/** "From 1 to 200 km/h." */
const range = (k: DispatchSettingKey) => {
  const l = DISPATCH_LIMITS[k];
  return `From ${l.min} to ${l.max}${l.unit ? ` ${l.unit}` : ""}${l.whole ? ", a whole number" : ""}.`;
};

const mapFailed = () => (
  <p className="cp-alert cp-alert-error" role="alert">
    The map could not be loaded: type the depot's latitude and longitude below instead.
  </p>
);

function Form({ settings }: { settings: AdminSettingsQuery["adminSettings"] }) {
  const { bind, values, setValues, errors, message, busy, onSubmit, place } = useDeliveryDaySettingsForm(settings);
  const field = (k: DispatchSettingKey) => bind(k);
  const depot = depotOf(values);
  const number = (k: DispatchSettingKey, hint: string) => (
    <TextField
      field={field(k)}
      label={DELIVERY_DAY_LABELS[k]}
      type="number"
      min={DISPATCH_LIMITS[k].min}
      max={DISPATCH_LIMITS[k].max}
      hint={`${hint} ${range(k)}`}
    />
  );
  return (
    <form className="cp-form cp-dd-form" onSubmit={onSubmit} noValidate>
      <Card title="Depot">
        <p className="cp-muted cp-dd-intro">
          Where every run starts and ends unless the run is given a start of its own. Click the map to place the depot, or drag its marker; the latitude and
          longitude below follow, and can be typed too.
        </p>
        <ErrorBoundary fallback={mapFailed}>
          <Suspense fallback={<div className="cp-depot-map" />}>
            <DepotMap depot={depot} onPlace={place} />
          </Suspense>
        </ErrorBoundary>
        <div className="cp-field-row">
          <TextField
            field={field("depot_latitude")}
            label={DELIVERY_DAY_LABELS.depot_latitude}
            type="number"
            min={-90}
            max={90}
            optional
            hint="Degrees north (negative: south), e.g. 51.4545."
          />
          <TextField
            field={field("depot_longitude")}
            label={DELIVERY_DAY_LABELS.depot_longitude}
            type="number"
            min={-180}
            max={180}
            optional
            hint="Degrees east (negative: west), e.g. 0.3689."
          />
        </div>
        {values.depot_latitude || values.depot_longitude ? (
          <button
            type="button"
            className="cp-btn cp-btn-outline cp-dd-clear"
            onClick={() => setValues((v) => ({ ...v, depot_latitude: "", depot_longitude: "" }))}
          >
            Clear the depot
          </button>
        ) : (
          <p className="cp-muted" data-testid="no-depot">
            No depot yet: Dispatch cannot make runs until one is saved.
          </p>
        )}
      </Card>

      <Card title="Timing and messages">
        <div className="cp-field-row">
          {number("courier_speed_kmh", "The courier's average speed between stops, for arrival times.")}
          {number("stop_minutes", "Minutes a courier spends at each stop, for arrival times.")}
        </div>
        <div className="cp-field-row">
          {number("delivery_window_minutes", "When a run starts, each recipient is given a window this long around the expected arrival.")}
          {number("notify_stops_before", "A recipient with an e-mail is told once the courier is this many stops away (0: when theirs is the next stop).")}
        </div>
        <p className="cp-muted">
          Pickup cut-off: <strong>{settings.pickup_cutoff}</strong>. A same-day pickup must be asked for before it; change it in{" "}
          <Link to="/control/settings/shipping">Shipping Settings</Link>.
        </p>
      </Card>
      {/* Cash on delivery (cod_max, courier_cash_limit) comes as a card of its own here, in the same form. */}

      <div className="cp-dd-save">
        <FormStatus errors={errors.map(labelled)} message={message} />
        <SubmitButton busy={busy}>Save</SubmitButton>
      </div>
    </form>
  );
}

export default function DeliveryDaySettings() {
  useTitle("Delivery day");
  return (
    <div className="cp-container cp-narrow">
      <PageHeader
        title="Delivery day"
        icon={icons.moped}
        back="/control/settings"
        backLabel="Back to settings"
        sub="The depot, and the numbers that give couriers' runs their arrival times and recipients their windows."
      />
      <SettingsGate>{(s) => <Form settings={s} />}</SettingsGate>
    </div>
  );
}
