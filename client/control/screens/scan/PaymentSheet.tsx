import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { useAdminParcelCodQuery } from "../../../generated/graphql";
import { CodPaymentFields, PROOF_NS, usePaymentWords } from "../../components/CodPayment";
import { draftFor, paymentOf, type PaymentDraft } from "../../../modules/delivery/codPayment";
import type { CodPayment } from "@shared/modules/cod/cod.rules";
import * as icons from "../../icons";
import { controlLanguage } from "../../time";

/**
 * The scan screen's payment at the door: a delivered scan refused for its cash on delivery opens this sheet with the
 * amount due prefilled (read from the parcel), cash or card; the scan then goes again with the payment.
 */
export function PaymentSheet({ code, onPay, onClose }: { code: string; onPay: (cod: CodPayment | null) => void; onClose: () => void }) {
  const { t } = useTranslation("control-scan");
  const words = usePaymentWords();
  const dialog = useRef<HTMLDialogElement>(null);
  const parcel = useAdminParcelCodQuery({ variables: { trackingCode: code }, fetchPolicy: "network-only" });
  const cod = parcel.data?.adminParcel.cod;
  const due = cod?.status === "expected" ? { amount: cod.amount, currency: cod.currency } : null;
  const [draft, setDraft] = useState<PaymentDraft | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<("amount" | "reference")[]>([]);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!due) return onPay(null);
    const checked = paymentOf(draft ?? draftFor(due, controlLanguage()), due);
    if ("problems" in checked) {
      setProblems(checked.problems.map(words.problem));
      setInvalid(checked.problems.map((p) => p.field));
      return;
    }
    onPay(checked.payment);
  };

  return (
    <dialog ref={dialog} className="cp-proof-sheet" aria-labelledby={`pay-${code}`} onClose={onClose}>
      <div className="cp-proof-sheet-body">
        <header className="cp-proof-sheet-head">
          <h2 id={`pay-${code}`}>
            {t("pay.title")} <span className="cp-mono">{code}</span>
          </h2>
          <button type="button" className="cp-btn cp-btn-outline cp-btn-sm cp-proof-close" onClick={() => dialog.current?.close()}>
            <Icon path={icons.close} size={18} />
            <span>{t("pay.close")}</span>
          </button>
        </header>
        <form className="cp-form cp-proof-form" onSubmit={submit} noValidate aria-label={t("pay.formLabel", { code })}>
          {problems.length ? (
            <div className="cp-alert cp-alert-error" role="alert" data-testid="form-errors">
              {problems.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          ) : null}
          {due ? (
            <CodPaymentFields due={due} draft={draft ?? draftFor(due, controlLanguage())} onChange={setDraft} invalid={invalid} />
          ) : parcel.loading ? (
            <p className="cp-hint" role="status">
              {t("pay.loading")}
            </p>
          ) : (
            <p className="cp-alert cp-alert-error" role="alert">
              {parcel.error ? t("pay.unreadable") : t("pay.nothingDue")}
            </p>
          )}
          <div className="cp-form-actions">
            <button type="submit" className="cp-btn cp-btn-primary" disabled={parcel.loading || (!due && !!parcel.error)}>
              <Icon path={icons.check_circle} size={20} />
              <span>{due ? t("proof.submitPaid", { ns: PROOF_NS }) : t("pay.sendAgain")}</span>
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
