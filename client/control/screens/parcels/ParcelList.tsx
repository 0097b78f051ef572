import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminDeleteParcelMutation, useAdminParcelsQuery } from "../../../generated/graphql";
import { AddButton, DeleteRecord, RecordList } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { FormStatus } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { useFlash, useNextPage } from "../../hooks/lists";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import { useTicked } from "../../hooks/useTicked";
import { statusText } from "../../options";
import { labelsUrl } from "./labels";
import { ParcelRow } from "./ParcelRow";
import { MAX_LABELS } from "@shared/modules/label/label.codes";
import { useRole } from "../../session";
import "./floor.css";
import * as icons from "../../icons";
import { number } from "../../time";
import { NS } from "./cod";

export default function ParcelList() {
  const { t } = useTranslation(NS);
  useTitle(t("list.title"));
  const flash = useFlash();
  const { data, loading, error, fetchMore } = useAdminParcelsQuery();
  const more = useNextPage("parcels", data, fetchMore);
  const [remove] = useAdminDeleteParcelMutation();
  const rows = data?.parcels.data ?? [];
  // A courier sees parcels; adding, changing, importing and exporting need parcels:write.
  const writer = useRole().can("parcels:write");
  // Tracking codes ticked for "Print labels", in the order they were ticked.
  const { ticked: picked, toggle, setTicked: setPicked } = useTicked([]);
  return (
    <div className="cp-container">
      <PageHeader
        title={t("list.title")}
        icon={icons.inventory_2}
        back="/control/index.html"
        backLabel={t("actions.home", { ns: "control" })}
        actions={
          writer ? (
            <>
              <a href="/api/parcels/export.csv" className="cp-btn cp-btn-outline" download title={t("list.exportHint")}>
                <Icon path={icons.download} size={20} />
                <span>{t("list.export")}</span>
              </a>
              <Link to="/control/parcels/import.html" className="cp-btn cp-btn-outline">
                <Icon path={icons.upload_file} size={20} />
                <span>{t("list.import")}</span>
              </Link>
              <Link to="/control/parcels/stale.html" className="cp-btn cp-btn-outline">
                <Icon path={icons.schedule} size={20} />
                <span>{t("stale.title")}</span>
              </Link>
              <Link to="/control/parcels/reschedule.html" className="cp-btn cp-btn-outline">
                <Icon path={icons.pan_tool} size={20} />
                <span>{t("reschedule.title")}</span>
              </Link>
              <AddButton to="/control/parcels/create.html">{t("create.title")}</AddButton>
            </>
          ) : null
        }
      />
      <FormStatus errors={[]} message={flash} />
      <RecordList
        label={t("list.title")}
        loading={loading}
        error={firstError(error)}
        rows={rows}
        empty={{ title: t("list.emptyTitle"), hint: t("list.emptyHint"), action: { to: "/control/parcels/create.html", label: t("list.emptyAction") } }}
        next={{ nextPageUrl: data?.parcels.next_page_url, more }}
        head={
          <div className="cp-selection" role="region" aria-label={t("list.selected")}>
            <span className="cp-muted" aria-live="polite">
              {picked.length ? t("list.selectedCount", { count: picked.length, n: number(picked.length) }) : t("list.tick")}
            </span>
            {picked.length > MAX_LABELS ? (
              <span className="cp-danger" role="alert">
                {t("list.tooMany", { n: number(MAX_LABELS) })}
              </span>
            ) : picked.length ? (
              <>
                <a href={labelsUrl(picked)} target="_blank" rel="noopener" className="cp-btn cp-btn-primary cp-btn-sm" title={t("list.printHint")}>
                  <Icon path={icons.print} size={18} />
                  <span>{t("list.print")}</span>
                </a>
                <a
                  href={labelsUrl(picked, "a4")}
                  target="_blank"
                  rel="noopener"
                  className="cp-btn cp-btn-outline cp-btn-sm"
                  aria-label={t("list.printA4")}
                  title={t("list.printA4Hint")}
                >
                  <span>{t("list.a4")}</span>
                </a>
              </>
            ) : null}
            {picked.length ? (
              <button type="button" className="cp-linkish" onClick={() => setPicked([])}>
                {t("list.clear")}
              </button>
            ) : null}
          </div>
        }
      >
        {(p) => (
          <ParcelRow
            key={p.id}
            parcel={p}
            lead={
              <>
                <input
                  type="checkbox"
                  className="cp-row-pick"
                  checked={picked.includes(p.tracking_code)}
                  onChange={(e) => toggle(p.tracking_code, e.currentTarget.checked)}
                  aria-label={t("list.select", { code: p.tracking_code })}
                />
                <span className="cp-row-icon cp-accent" aria-hidden="true">
                  <Icon path={icons.inventory_2} size={24} />
                </span>
              </>
            }
            details={statusText(p.status_code, p.status) ? ` · ${statusText(p.status_code, p.status)}` : ""}
            actions={
              writer ? (
                <DeleteRecord
                  typename="Parcel"
                  id={p.id}
                  label={t("list.delete", { code: p.tracking_code })}
                  remove={(update) => remove({ variables: { id: p.id }, update })}
                />
              ) : null
            }
          />
        )}
      </RecordList>
    </div>
  );
}
