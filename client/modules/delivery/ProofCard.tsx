import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { check_circle } from "../../components/icons";
import { fmtMoment } from "../parcel/format";
import { useHydrated } from "../../components/hydrated";
import { ProofImages, type ProofLike } from "./ProofView";

/** "Delivered to J. Smith", when, where it was left, and the photo and signature (the public page). */
export function ProofCard({ proof }: { proof: ProofLike }) {
  const { t, i18n } = useTranslation();
  const local = useHydrated();
  const id = useId();
  return (
    <section className="card result-card proof-card" aria-labelledby={id} data-testid="delivery-proof">
      <h3 id={id}>
        <Icon path={check_circle} size={22} />
        {t("track.proofTitle")}
      </h3>
      <div className="proof-facts">
        {proof.receiver_name ? (
          <p className="proof-receiver">
            <strong>
              <bdi>{t("track.deliveredTo", { name: proof.receiver_name })}</bdi>
            </strong>
          </p>
        ) : null}
        <p>
          {/* UTC as the server renders it until hydrated, then the visitor's time zone; Intl may space it differently on the server. */}
          <time dateTime={proof.delivered_at} suppressHydrationWarning>
            {t("track.deliveredAt", { when: fmtMoment(i18n.language, proof.delivered_at, local ? undefined : "UTC") })}
          </time>
        </p>
        {proof.left_at ? (
          <p>
            <bdi>{t("track.leftAt", { place: proof.left_at })}</bdi>
          </p>
        ) : null}
      </div>
      <ProofImages proof={proof} signatureAlt={t("track.signature")} photoAlt={t("track.proofPhoto")} />
    </section>
  );
}
