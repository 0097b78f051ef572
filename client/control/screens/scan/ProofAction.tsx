import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { DeliveryProofForm } from "../../../modules/delivery/DeliveryProofForm";
import { PROOF_NS } from "../../components/CodPayment";
import type { CodDue } from "../../../modules/delivery/codPayment";
import * as icons from "../../icons";

/**
 * What a successful "delivered" scan offers next: the proof of delivery (receiver's name, signature
 * drawn on the screen, photo from the camera, where it was left) in a full-screen sheet over the
 * scan run; closing it returns to the scanner field.
 */
export function ProofAction({
  code,
  label,
  className = "cp-scan-proof",
  onDone,
  due,
}: {
  code: string;
  activityId?: number | null;
  /** The courier's run screen opens the same sheet from its own, bigger button. */
  label?: string;
  className?: string;
  onDone?: () => void;
  /** The cash on delivery to collect, when the caller knows it (the run screen's stop); else the form reads the parcel's. */
  due?: CodDue | null;
}) {
  const { t } = useTranslation(PROOF_NS);
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);

  // The sheet is shown before its form renders, so the signature pad measures its real size.
  const show = () => {
    dialog.current?.showModal();
    setOpen(true);
  };
  const close = () => {
    if (dialog.current?.open) dialog.current.close();
    setOpen(false);
    // Back to the scanner's text field, where the next code is typed.
    requestAnimationFrame(() => document.getElementById("scan-code")?.focus());
  };

  if (done) {
    return (
      <span className="cp-scan-proof is-done" role="status">
        <Icon path={icons.check_circle} size={18} />
        <span>{t("sheet.recorded")}</span>
      </span>
    );
  }
  return (
    <>
      <button type="button" className={className} onClick={show} aria-haspopup="dialog">
        <Icon path={icons.draw} size={18} />
        <span>{label ?? t("sheet.add")}</span>
      </button>
      <dialog ref={dialog} className="cp-proof-sheet" aria-labelledby={`proof-${code}`} onClose={() => open && close()}>
        {open ? (
          <div className="cp-proof-sheet-body">
            <header className="cp-proof-sheet-head">
              <h2 id={`proof-${code}`}>
                {t("sheet.title")} <span className="cp-mono">{code}</span>
              </h2>
              <button type="button" className="cp-btn cp-btn-outline cp-btn-sm cp-proof-close" onClick={close} title={t("sheet.closeHint")}>
                <Icon path={icons.close} size={18} />
                <span>{t("sheet.close")}</span>
              </button>
            </header>
            <DeliveryProofForm
              trackingCode={code}
              due={due}
              onDone={() => {
                setDone(true);
                close();
                onDone?.();
              }}
            />
          </div>
        ) : null}
      </dialog>
    </>
  );
}
