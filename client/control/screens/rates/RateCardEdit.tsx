import { useState, type ChangeEvent, type FormEvent } from "react";
import { Link, useParams } from "react-router-dom";
import { Trans, useTranslation } from "react-i18next";
import {
  useAdminPutRateCardCsvMutation,
  useAdminPutRateCardMutation,
  useAdminRateCardQuery,
  useAdminServicesQuery,
  useAdminZonesQuery,
  type AdminRateCardFieldsFragment,
} from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { ListState } from "../../components/lists";
import { Card, PageHeader } from "../../components/PageHeader";
import { FormStatus, SubmitButton } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useFlash } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { useCurrency } from "../shippers/common";
import { RatesTabs } from "./RatesTabs";
import { gridOf, lanesOf, newSheet, sheetKey, sheetOf, surchargeTexts, surchargesOf, type Grid, type Sheet, type SurchargeTexts, type Say } from "./grid";
import * as icons from "../../icons";

const NS = "control-rates";

/** One service from one origin zone: weight bands down, destination zones across, a price in each cell. */
function SheetTable({
  sheetName,
  sheet,
  zones,
  currency,
  onChange,
}: {
  sheetName: string;
  sheet: Sheet;
  zones: string[];
  currency: string;
  onChange: (s: Sheet) => void;
}) {
  const { t } = useTranslation(NS);
  const tos = [...zones, ...Object.keys(sheet.cells).filter((z) => !zones.includes(z))];
  const setCell = (to: string, i: number, v: string) => {
    const col = [...(sheet.cells[to] ?? sheet.bands.map(() => ""))];
    col[i] = v;
    onChange({ ...sheet, cells: { ...sheet.cells, [to]: col } });
  };
  const setBand = (i: number, v: string) => onChange({ ...sheet, bands: sheet.bands.map((b, j) => (j === i ? v : b)) });
  const removeBand = (i: number) =>
    onChange({
      ...sheet,
      bands: sheet.bands.filter((_, j) => j !== i),
      cells: Object.fromEntries(Object.entries(sheet.cells).map(([z, col]) => [z, col.filter((_, j) => j !== i)])),
    });
  const addBand = () => {
    const last = Number(sheet.bands[sheet.bands.length - 1]) || 0;
    onChange({
      ...sheet,
      bands: [...sheet.bands, String(last ? last * 2 : 1)],
      cells: Object.fromEntries(Object.entries(sheet.cells).map(([z, col]) => [z, [...col, ""]])),
    });
  };
  if (!tos.length) return <p className="cp-state">{t("grid.noZones")}</p>;
  return (
    <>
      <div className="cp-table-wrap cp-grid-wrap">
        <table className="cp-table cp-rate-grid" data-testid="rate-grid">
          <caption className="cp-visually-hidden">{t("grid.caption", { sheet: sheetName, currency })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("grid.upTo")}</th>
              {tos.map((z) => (
                <th key={z} scope="col">
                  {t("grid.to", { zone: z })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.bands.map((band, i) => (
              <tr key={i}>
                <th scope="row">
                  <span className="cp-grid-band">
                    <input
                      className="cp-input cp-grid-input"
                      value={band}
                      inputMode="decimal"
                      onChange={(e) => setBand(i, e.target.value)}
                      aria-label={t("grid.band", { n: i + 1 })}
                    />
                    <button
                      type="button"
                      className="cp-icon-btn cp-icon-btn-sm cp-danger"
                      onClick={() => removeBand(i)}
                      aria-label={t("grid.removeBand", { band })}
                      title={t("grid.remove")}
                    >
                      <Icon path={icons.close} size={16} />
                    </button>
                  </span>
                </th>
                {tos.map((z) => (
                  <td key={z}>
                    <input
                      className="cp-input cp-grid-input"
                      value={sheet.cells[z]?.[i] ?? ""}
                      inputMode="decimal"
                      onChange={(e) => setCell(z, i, e.target.value)}
                      aria-label={t("grid.cell", { sheet: sheetName, zone: z, band, currency })}
                    />
                  </td>
                ))}
              </tr>
            ))}
            <tr className="cp-grid-per">
              <th scope="row">{t("grid.perKg")}</th>
              {tos.map((z) => (
                <td key={z}>
                  <input
                    className="cp-input cp-grid-input"
                    value={sheet.per[z] ?? ""}
                    inputMode="decimal"
                    onChange={(e) => onChange({ ...sheet, per: { ...sheet.per, [z]: e.target.value } })}
                    aria-label={t("grid.perCell", { sheet: sheetName, zone: z, currency })}
                  />
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <p className="cp-hint">{t("grid.hint", { currency })}</p>
      <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={addBand}>
        <Icon path={icons.add} size={18} />
        <span>{t("grid.addBand")}</span>
      </button>
    </>
  );
}

function SurchargeFields({
  texts,
  zones,
  currency,
  onChange,
}: {
  texts: SurchargeTexts;
  zones: string[];
  currency: string;
  onChange: (t: SurchargeTexts) => void;
}) {
  const { t } = useTranslation(NS);
  const set = (code: keyof SurchargeTexts, k: "value" | "min" | "zones") => (e: ChangeEvent<HTMLInputElement>) =>
    onChange({ ...texts, [code]: { ...texts[code], [k]: e.target.value } });
  const field = (code: keyof SurchargeTexts, k: "value" | "min" | "zones", label: string, hint?: string) => (
    <div className="cp-field">
      <label className="cp-label" htmlFor={`sur-${code}-${k}`}>
        {label}
      </label>
      <input
        id={`sur-${code}-${k}`}
        className="cp-input"
        name={`${code}_${k}`}
        value={texts[code][k]}
        onChange={set(code, k)}
        inputMode={k === "zones" ? "text" : "decimal"}
      />
      {hint ? <small className="cp-hint">{hint}</small> : null}
    </div>
  );
  const fuelValue = field("fuel", "value", t("sur.fuelValue"), t("sur.fuelHint"));
  const remoteValue = field("remote", "value", t("sur.remoteValue", { currency }));
  const remoteZones = field("remote", "zones", t("sur.remoteZones"), zones.length ? t("sur.remoteZonesHint", { list: zones.join(", ") }) : undefined);
  const codValue = field("cod", "value", t("sur.codValue"));
  const codMin = field("cod", "min", t("sur.min", { currency }));
  const insuranceValue = field("insurance", "value", t("sur.insuranceValue"));
  const insuranceMin = field("insurance", "min", t("sur.min", { currency }));
  return (
    <div className="cp-surcharges">
      <fieldset className="cp-fieldset">
        <legend>{t("sur.fuel")}</legend>
        {fuelValue}
      </fieldset>
      <fieldset className="cp-fieldset">
        <legend>{t("sur.remote")}</legend>
        {remoteValue}
        {remoteZones}
      </fieldset>
      <fieldset className="cp-fieldset">
        <legend>{t("sur.cod")}</legend>
        {codValue}
        {codMin}
      </fieldset>
      <fieldset className="cp-fieldset">
        <legend>{t("sur.insurance")}</legend>
        {insuranceValue}
        {insuranceMin}
      </fieldset>
    </div>
  );
}

/** Download the grid as CSV; upload one to replace it (nothing saved when a row is wrong, each row's error shown). */
function CsvCard({ card, onLoaded }: { card: AdminRateCardFieldsFragment; onLoaded: (c: AdminRateCardFieldsFragment) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState("");
  const { t } = useTranslation(NS);
  const [put, { loading }] = useAdminPutRateCardCsvMutation();
  const upload = async (e: FormEvent) => {
    e.preventDefault();
    setErrors([]);
    setMessage("");
    if (!file) return setErrors([t("csv.required")]);
    try {
      const { data } = await put({ variables: { id: card.id, csv: await file.text() } });
      if (data) {
        onLoaded(data.putRateCardCsv);
        setMessage(t("csv.replaced", { file: file.name, count: data.putRateCardCsv.lanes.length }));
      }
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };
  return (
    <Card title={t("csv.title")} className="cp-ship-stack">
      <p className="cp-hint">
        <Trans t={t} i18nKey="csv.hint" values={{ columns: "service,from_zone,to_zone,up_to_kg,amount,per_kg_above" }} components={{ c: <code /> }} />
      </p>
      <div className="cp-ship-actions">
        <a className="cp-btn cp-btn-outline" href={`/api/rate-cards/${encodeURIComponent(card.id)}.csv`} download={`rate-card-${card.id}.csv`}>
          <Icon path={icons.download} size={20} />
          <span>{t("csv.download")}</span>
        </a>
      </div>
      <form className="cp-form" onSubmit={upload} noValidate aria-label={t("csv.form")}>
        <FormStatus errors={errors} message={message} />
        <div className="cp-field">
          <label htmlFor="csv-file" className="cp-label">
            {t("csv.file")}
          </label>
          <input
            id="csv-file"
            className="cp-input cp-file"
            type="file"
            name="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <SubmitButton busy={loading} icon={icons.upload_file}>
          {t("csv.upload")}
        </SubmitButton>
      </form>
    </Card>
  );
}

function Editor({ card }: { card: AdminRateCardFieldsFragment }) {
  const { t } = useTranslation(NS);
  const currency = useCurrency();
  const flash = useFlash();
  const services = useAdminServicesQuery().data?.services ?? [];
  const zones = (useAdminZonesQuery().data?.zones ?? []).map((z) => z.name);
  const [name, setName] = useState(card.name);
  const [grid, setGrid] = useState<Grid>(() => gridOf(card.lanes, currency));
  const [texts, setTexts] = useState<SurchargeTexts>(() => surchargeTexts(card.surcharges, currency));
  const first = Object.keys(grid)[0];
  const [service, setService] = useState(first ? sheetOf(first).service : "");
  const [from, setFrom] = useState(first ? sheetOf(first).from : "");
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState(flash);
  const [put, { loading }] = useAdminPutRateCardMutation({ refetchQueries: ["AdminRateCards"] });
  const svc = service || services[0]?.code || "";
  const origin = from || zones[0] || "";
  const key = sheetKey(svc, origin);
  const sheet = grid[key] ?? newSheet();
  const sheetName = t("edit.sheet", { service: svc, from: origin });

  const loaded = (c: AdminRateCardFieldsFragment) => {
    setGrid(gridOf(c.lanes, currency));
    setErrors([]);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setErrors([]);
    setMessage("");
    const say: Say = (k, values) => (k === "sheet" ? t("edit.sheet", values) : t(`errors.${k}`, values));
    const l = lanesOf(grid, currency, say);
    const s = surchargesOf(texts, currency, say);
    if (l.errors.length || s.errors.length) return setErrors([...l.errors, ...s.errors]);
    try {
      await put({ variables: { id: card.id, input: { name: name.trim(), lanes: l.lanes, surcharges: s.surcharges } } });
      setMessage(t("edit.saved", { count: l.lanes.length }));
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };
  const sheets = Object.entries(grid).map(([k, s]) => ({ k, ...sheetOf(k), priced: Object.values(s.cells).filter((c) => c.some((v) => v.trim())).length }));
  return (
    <>
      <form className="cp-form cp-rate-form" onSubmit={save} noValidate aria-label={t("edit.form", { name: card.name })}>
        <Card title={t("edit.grid")} className="cp-ship-stack">
          <FormStatus errors={errors} message={message} />
          <div className="cp-field">
            <label htmlFor="card-name" className="cp-label">
              {t("edit.name")}
            </label>
            <input id="card-name" className="cp-input" name="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
          </div>
          {services.length && zones.length ? (
            <>
              <div className="cp-field-row">
                <div className="cp-field">
                  <label htmlFor="grid-service" className="cp-label">
                    {t("edit.service")}
                  </label>
                  <select id="grid-service" className="cp-input cp-select" value={svc} onChange={(e) => setService(e.target.value)}>
                    {services.map((s) => (
                      <option key={s.code} value={s.code}>
                        {s.name} ({s.code})
                      </option>
                    ))}
                  </select>
                </div>
                <div className="cp-field">
                  <label htmlFor="grid-from" className="cp-label">
                    {t("edit.from")}
                  </label>
                  <select id="grid-from" className="cp-input cp-select" value={origin} onChange={(e) => setFrom(e.target.value)}>
                    {zones.map((z) => (
                      <option key={z} value={z}>
                        {z}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              {sheets.length ? (
                <p className="cp-small">
                  {t("edit.priced")}{" "}
                  {sheets.map((s, i) => (
                    <span key={s.k}>
                      {i ? ", " : ""}
                      <button
                        type="button"
                        className="cp-linkish"
                        onClick={() => {
                          setService(s.service);
                          setFrom(s.from);
                        }}
                      >
                        {t("edit.sheet", { service: s.service, from: s.from })}
                      </button>{" "}
                      {t("edit.pricedZones", { count: s.priced })}
                    </span>
                  ))}
                </p>
              ) : null}
              <SheetTable sheetName={sheetName} sheet={sheet} zones={zones} currency={currency} onChange={(s) => setGrid({ ...grid, [key]: s })} />
            </>
          ) : (
            <p className="cp-state">
              <Trans t={t} i18nKey="edit.needs" components={{ s: <Link to="/control/rates/services.html" />, z: <Link to="/control/rates/zones.html" /> }} />
            </p>
          )}
        </Card>
        <Card title={t("edit.surcharges")}>
          <SurchargeFields texts={texts} zones={zones} currency={currency} onChange={setTexts} />
        </Card>
        <div className="cp-ship-savebar">
          <SubmitButton busy={loading}>{t("edit.save")}</SubmitButton>
        </div>
      </form>
      <CsvCard card={card} onLoaded={loaded} />
    </>
  );
}

export default function RateCardEdit() {
  const { id = "" } = useParams();
  const { data, loading, error } = useAdminRateCardQuery({ variables: { id }, fetchPolicy: "network-only" });
  const { t } = useTranslation(NS);
  const card = data?.rateCard;
  useTitle(card ? t("edit.docTitle", { name: card.name }) : t("edit.title"));
  return (
    <div className="cp-container">
      <PageHeader
        title={card ? card.name : t("edit.title")}
        sub={card ? <code>{card.id}</code> : undefined}
        icon={icons.receipt_long}
        back="/control/rates/cards"
        backLabel={t("edit.back")}
      />
      <RatesTabs />
      <ListState loading={loading} error={firstError(error)} empty={!card} />
      {card ? <Editor key={card.id} card={card} /> : null}
    </div>
  );
}
