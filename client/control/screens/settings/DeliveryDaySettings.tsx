import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { Trans, useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import type { AdminSettingsQuery } from "../../../generated/graphql";
import { DISPATCH_LIMITS, type DispatchSettingKey } from "@shared/modules/settings/settings.codes";
import { SettingsGate } from "./SettingsGate";
import { CodSettings } from "./CodSettings";
import { deliveryDayLabel, depotOf, rangeText, SETTINGS_NS } from "./deliveryDay";
import { readableMessage } from "../../fieldLabels";
import { useDeliveryDaySettingsForm } from "./useDeliveryDaySettingsForm";
import * as icons from "../../icons";
import "./deliveryDay.css";

const DepotMap = lazy(() => import("./DepotMap"));

const mapFailed = (t: TFunction) =>
  function DepotMapFailed() {
    return (
      <p className="cp-alert cp-alert-error" role="alert">
        {t("dd.mapFailed")}
      </p>
    );
  };

function Form({ settings }: { settings: AdminSettingsQuery["adminSettings"] }) {
  const { bind, values, setValues, errors, message, busy, onSubmit, place } = useDeliveryDaySettingsForm(settings);
  const { t } = useTranslation(SETTINGS_NS);
  const field = (k: DispatchSettingKey) => bind(k);
  const depot = depotOf(values);
  const numberField = (k: DispatchSettingKey, hint: string) => (
    <TextField
      field={field(k)}
      label={deliveryDayLabel(t, k)}
      type="number"
      min={DISPATCH_LIMITS[k].min}
      max={DISPATCH_LIMITS[k].max}
      hint={`${hint} ${rangeText(t, k)}`}
    />
  );
  const speed = numberField("courier_speed_kmh", t("dd.speedHint"));
  const stop = numberField("stop_minutes", t("dd.stopHint"));
  const windowField = numberField("delivery_window_minutes", t("dd.windowHint"));
  const notify = numberField("notify_stops_before", t("dd.notifyHint"));
  return (
    <form className="cp-form cp-dd-form" onSubmit={onSubmit} noValidate>
      <Card title={t("dd.depot")}>
        <p className="cp-muted cp-dd-intro">{t("dd.intro")}</p>
        <ErrorBoundary fallback={mapFailed(t)}>
          <Suspense fallback={<div className="cp-depot-map" />}>
            <DepotMap depot={depot} onPlace={place} />
          </Suspense>
        </ErrorBoundary>
        <div className="cp-field-row">
          <TextField
            field={field("depot_latitude")}
            label={t("dd.label.depot_latitude")}
            type="number"
            min={-90}
            max={90}
            optional
            hint={t("dd.latitudeHint")}
          />
          <TextField
            field={field("depot_longitude")}
            label={t("dd.label.depot_longitude")}
            type="number"
            min={-180}
            max={180}
            optional
            hint={t("dd.longitudeHint")}
          />
        </div>
        {values.depot_latitude || values.depot_longitude ? (
          <button
            type="button"
            className="cp-btn cp-btn-outline cp-dd-clear"
            onClick={() => setValues((v) => ({ ...v, depot_latitude: "", depot_longitude: "" }))}
          >
            {t("dd.clear")}
          </button>
        ) : (
          <p className="cp-muted" data-testid="no-depot">
            {t("dd.noDepot")}
          </p>
        )}
      </Card>

      <Card title={t("dd.timing")}>
        <div className="cp-field-row">
          {speed}
          {stop}
        </div>
        <div className="cp-field-row">
          {windowField}
          {notify}
        </div>
        <p className="cp-muted">
          <Trans
            t={t}
            i18nKey="dd.cutoff"
            values={{ cutoff: settings.pickup_cutoff }}
            components={{ strong: <strong />, goto: <Link to="/control/settings/shipping" /> }}
          />
        </p>
      </Card>

      <div className="cp-dd-save">
        <FormStatus errors={errors.map((e) => readableMessage(e))} message={message} />
        <SubmitButton busy={busy}>{t("save")}</SubmitButton>
      </div>
    </form>
  );
}

export default function DeliveryDaySettings() {
  const { t } = useTranslation(SETTINGS_NS);
  useTitle(t("menu.deliveryDay"));
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("menu.deliveryDay")} icon={icons.moped} back="/control/settings" backLabel={t("back")} sub={t("dd.sub")} />
      <SettingsGate>
        {(s) => (
          <>
            <Form settings={s} />
            <CodSettings settings={s} />
          </>
        )}
      </SettingsGate>
    </div>
  );
}
