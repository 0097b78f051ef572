import { useState, type ChangeEvent, type FormEvent } from "react";
import { Link, useParams } from "react-router-dom";
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
import { gridOf, lanesOf, newSheet, sheetKey, sheetOf, surchargeTexts, surchargesOf, type Grid, type Sheet, type SurchargeTexts } from "./grid";
import * as icons from "../../icons";

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
  if (!tos.length) return <p className="cp-state">Add zones first: they are the grid's columns.</p>;
  return (
    <>
      <div className="cp-table-wrap cp-grid-wrap">
        <table className="cp-table cp-rate-grid" data-testid="rate-grid">
          <caption className="cp-visually-hidden">
            Prices of {sheetName} in {currency}, by weight band and destination zone
          </caption>
          <thead>
            <tr>
              <th scope="col">Up to (kg)</th>
              {tos.map((z) => (
                <th key={z} scope="col">
                  to {z}
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
                      aria-label={`Weight band ${i + 1}: up to kg`}
                    />
                    <button
                      type="button"
                      className="cp-icon-btn cp-icon-btn-sm cp-danger"
                      onClick={() => removeBand(i)}
                      aria-label={`Remove the band up to ${band} kg`}
                      title="Remove band"
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
                      aria-label={`${sheetName} to ${z}, up to ${band} kg (${currency})`}
                    />
                  </td>
                ))}
              </tr>
            ))}
            <tr className="cp-grid-per">
              <th scope="row">Per kg above</th>
              {tos.map((z) => (
                <td key={z}>
                  <input
                    className="cp-input cp-grid-input"
                    value={sheet.per[z] ?? ""}
                    inputMode="decimal"
                    onChange={(e) => onChange({ ...sheet, per: { ...sheet.per, [z]: e.target.value } })}
                    aria-label={`${sheetName} to ${z}, per kg above the last band (${currency})`}
                  />
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <p className="cp-hint">
        Prices in {currency} (e.g. 9.90). A blank cell: no price for that weight. A zone without any price is not served. Per kg above: for each whole kg beyond
        the last band (blank: heavier shipments are not taken).
      </p>
      <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={addBand}>
        <Icon path={icons.add} size={18} />
        <span>Add weight band</span>
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
  return (
    <div className="cp-surcharges">
      <fieldset className="cp-fieldset">
        <legend>Fuel</legend>
        {field("fuel", "value", "Percent of transport", "e.g. 12.5; blank: none")}
      </fieldset>
      <fieldset className="cp-fieldset">
        <legend>Remote area</legend>
        {field("remote", "value", `Fixed amount (${currency})`)}
        {field("remote", "zones", "To zones", zones.length ? `Of: ${zones.join(", ")}` : undefined)}
      </fieldset>
      <fieldset className="cp-fieldset">
        <legend>Cash on delivery</legend>
        {field("cod", "value", "Percent of the amount")}
        {field("cod", "min", `At least (${currency})`)}
      </fieldset>
      <fieldset className="cp-fieldset">
        <legend>Insurance</legend>
        {field("insurance", "value", "Percent of the declared value")}
        {field("insurance", "min", `At least (${currency})`)}
      </fieldset>
    </div>
  );
}

/** Download the grid as CSV; upload one to replace it (nothing saved when a row is wrong, each row's error shown). */
function CsvCard({ card, onLoaded }: { card: AdminRateCardFieldsFragment; onLoaded: (c: AdminRateCardFieldsFragment) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState("");
  const [put, { loading }] = useAdminPutRateCardCsvMutation();
  const upload = async (e: FormEvent) => {
    e.preventDefault();
    setErrors([]);
    setMessage("");
    if (!file) return setErrors(["file is required: choose a CSV file"]);
    try {
      const { data } = await put({ variables: { id: card.id, csv: await file.text() } });
      if (data) {
        onLoaded(data.putRateCardCsv);
        setMessage(`Grid replaced from ${file.name}: ${data.putRateCardCsv.lanes.length} lanes`);
      }
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };
  return (
    <Card title="CSV file" className="cp-ship-stack">
      <p className="cp-hint">
        One row per lane and band: <code>service,from_zone,to_zone,up_to_kg,amount,per_kg_above</code>, amounts in the currency&apos;s smallest unit. An upload
        replaces the grid (not the name or surcharges); if any row is wrong, nothing is saved.
      </p>
      <div className="cp-ship-actions">
        <a className="cp-btn cp-btn-outline" href={`/api/rate-cards/${encodeURIComponent(card.id)}.csv`} download={`rate-card-${card.id}.csv`}>
          <Icon path={icons.download} size={20} />
          <span>Download CSV</span>
        </a>
      </div>
      <form className="cp-form" onSubmit={upload} noValidate aria-label="Upload a CSV file">
        <FormStatus errors={errors} message={message} />
        <div className="cp-field">
          <label htmlFor="csv-file" className="cp-label">
            CSV file to upload
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
          Upload CSV
        </SubmitButton>
      </form>
    </Card>
  );
}

function Editor({ card }: { card: AdminRateCardFieldsFragment }) {
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
  const sheetName = `${svc} from ${origin}`;

  const loaded = (c: AdminRateCardFieldsFragment) => {
    setGrid(gridOf(c.lanes, currency));
    setErrors([]);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setErrors([]);
    setMessage("");
    const l = lanesOf(grid, currency);
    const s = surchargesOf(texts, currency);
    if (l.errors.length || s.errors.length) return setErrors([...l.errors, ...s.errors]);
    try {
      await put({ variables: { id: card.id, input: { name: name.trim(), lanes: l.lanes, surcharges: s.surcharges } } });
      setMessage(`Rate card saved: ${l.lanes.length} lane${l.lanes.length === 1 ? "" : "s"}`);
    } catch (err) {
      setErrors(errorMessages(err));
    }
  };
  const sheets = Object.entries(grid).map(([k, s]) => ({ k, ...sheetOf(k), priced: Object.values(s.cells).filter((c) => c.some((v) => v.trim())).length }));
  return (
    <>
      <form className="cp-form cp-rate-form" onSubmit={save} noValidate aria-label={`Edit rate card ${card.name}`}>
        <Card title="Grid" className="cp-ship-stack">
          <FormStatus errors={errors} message={message} />
          <div className="cp-field">
            <label htmlFor="card-name" className="cp-label">
              Name
            </label>
            <input id="card-name" className="cp-input" name="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required />
          </div>
          {services.length && zones.length ? (
            <>
              <div className="cp-field-row">
                <div className="cp-field">
                  <label htmlFor="grid-service" className="cp-label">
                    Service
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
                    From zone
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
                  Priced:{" "}
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
                        {s.service} from {s.from}
                      </button>{" "}
                      ({s.priced} zone{s.priced === 1 ? "" : "s"})
                    </span>
                  ))}
                </p>
              ) : null}
              <SheetTable sheetName={sheetName} sheet={sheet} zones={zones} currency={currency} onChange={(s) => setGrid({ ...grid, [key]: s })} />
            </>
          ) : (
            <p className="cp-state">
              The grid needs at least one <Link to="/control/rates/services.html">service</Link> and one <Link to="/control/rates/zones.html">zone</Link>.
            </p>
          )}
        </Card>
        <Card title="Surcharges">
          <SurchargeFields texts={texts} zones={zones} currency={currency} onChange={setTexts} />
        </Card>
        <div className="cp-ship-savebar">
          <SubmitButton busy={loading}>Save rate card</SubmitButton>
        </div>
      </form>
      <CsvCard card={card} onLoaded={loaded} />
    </>
  );
}

export default function RateCardEdit() {
  const { id = "" } = useParams();
  const { data, loading, error } = useAdminRateCardQuery({ variables: { id }, fetchPolicy: "network-only" });
  const card = data?.rateCard;
  useTitle(card ? `Rate card ${card.name}` : "Rate card");
  return (
    <div className="cp-container">
      <PageHeader
        title={card ? card.name : "Rate card"}
        sub={card ? <code>{card.id}</code> : undefined}
        icon={icons.receipt_long}
        back="/control/rates/cards"
        backLabel="Back to rate cards"
      />
      <RatesTabs />
      <ListState loading={loading} error={firstError(error)} empty={!card} />
      {card ? <Editor key={card.id} card={card} /> : null}
    </div>
  );
}
