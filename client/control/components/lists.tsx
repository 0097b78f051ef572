import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { Icon } from "../../components/Icon";
import * as icons from "../icons";

/** "Fetching Data ..." while loading, the error, or "No Data Found" for an empty list. */
export function ListState({ loading, error, empty, emptyText = "No Data Found" }: { loading: boolean; error?: string | null; empty: boolean; emptyText?: string }) {
  if (loading && empty) {
    return (
      <p className="cp-state" role="status" aria-live="polite">
        <span className="cp-spinner" aria-hidden="true" /> Fetching Data ...
      </p>
    );
  }
  if (error && empty) return <p className="cp-state cp-state-error" role="alert">{error}</p>;
  if (empty) return <p className="cp-state">{emptyText}</p>;
  return null;
}

/** The next-page control, shown only while the server names a next page. */
export function NextPage({ nextPageUrl, loading, onNext }: { nextPageUrl?: string | null; loading: boolean; onNext: () => void }) {
  if (!nextPageUrl) return null;
  return (
    <div className="cp-next">
      <button type="button" className="cp-btn cp-btn-outline" onClick={onNext} disabled={loading} aria-busy={loading || undefined}>
        {loading ? "Fetching Data ..." : "next page"}
      </button>
    </div>
  );
}

/** The Add button with a hint that highlights it on arrival and closes after 1 s. */
export function AddButton({ to, children }: { to: string; children: ReactNode }) {
  const [hint, setHint] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setHint(false), 1000);
    return () => clearTimeout(t);
  }, []);
  return (
    <span className="cp-add-wrap">
      <Link to={to} className={`cp-btn cp-btn-primary cp-add${hint ? " cp-add-hint" : ""}`}>
        <Icon path={icons.add} size={20} />
        <span>{children}</span>
      </Link>
      {hint ? (
        <span className="cp-add-tip" role="tooltip">
          {children}
        </span>
      ) : null}
    </span>
  );
}

export function DeleteButton({ label, onClick, busy }: { label: string; onClick: () => void; busy?: boolean }) {
  return (
    <button type="button" className="cp-icon-btn cp-danger" onClick={onClick} disabled={busy} aria-label={label} title={label}>
      <Icon path={icons.delete} size={20} />
    </button>
  );
}
