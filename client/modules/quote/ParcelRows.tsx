import { useShipperTranslation } from "./i18n";
import { Icon } from "../../components/Icon";
import { add_circle, close } from "./icons";
import { TextField } from "./Field";
import { EMPTY_PARCEL, type ParcelDraft } from "./shipment";

const MAX_PARCELS = 50;
const DIMS = ["length_cm", "width_cm", "height_cm"] as const;

/** The shipment's parcels: weight and dimensions per row; rows added and removed (1 to 50). */
export function ParcelRows({
  idPrefix,
  rows,
  onRows,
  errors,
}: {
  idPrefix: string;
  rows: ParcelDraft[];
  onRows: (rows: ParcelDraft[]) => void;
  errors: Record<string, string>;
}) {
  const { t } = useShipperTranslation();
  const set = (i: number, f: keyof ParcelDraft) => (v: string) => onRows(rows.map((r, j) => (j === i ? { ...r, [f]: v } : r)));
  return (
    <fieldset className="parcel-rows">
      <legend>{t("quote.parcels")}</legend>
      <ol>
        {rows.map((r, i) => (
          <li key={i} className="parcel-row" data-testid="parcel-row">
            <span className="parcel-num" aria-hidden="true">
              {i + 1}
            </span>
            <TextField
              id={`${idPrefix}-p${i}-weight`}
              label={t("quote.weight")}
              name={`parcels[${i}].weight_kg`}
              inputMode="decimal"
              value={r.weight_kg}
              onValue={set(i, "weight_kg")}
              error={errors[`parcels[${i}].weight_kg`]}
              required
            />
            {DIMS.map((d) => (
              <TextField
                key={d}
                id={`${idPrefix}-p${i}-${d}`}
                label={t(`quote.${d}`)}
                name={`parcels[${i}].${d}`}
                inputMode="decimal"
                value={r[d]}
                onValue={set(i, d)}
                error={errors[`parcels[${i}].${d}`]}
              />
            ))}
            {rows.length > 1 ? (
              <button
                type="button"
                className="icon-btn parcel-remove"
                onClick={() => onRows(rows.filter((_, j) => j !== i))}
                aria-label={t("quote.removeParcel", { n: i + 1 })}
                title={t("quote.removeParcel", { n: i + 1 })}
              >
                <Icon path={close} size={20} />
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {errors.parcels ? <p className="field-error">{errors.parcels}</p> : null}
      {rows.length < MAX_PARCELS ? (
        <button type="button" className="btn btn-outline btn-small" onClick={() => onRows([...rows, EMPTY_PARCEL])}>
          <Icon path={add_circle} size={18} />
          {t("quote.addParcel")}
        </button>
      ) : null}
    </fieldset>
  );
}
