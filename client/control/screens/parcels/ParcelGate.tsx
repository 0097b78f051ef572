import type { ReactNode } from "react";
import { ListState } from "../../components/lists";
import { NotFoundCard } from "../NotFound";
import type { AdminParcelQuery } from "../../../generated/graphql";
import { useParcel } from "./useParcel";

type Parcel = AdminParcelQuery["adminParcel"];
/** The dead end's kind (control's notFound.what.parcel). */
const MISSING = "parcel";

/** Loading, Not Found or the error for a parcel screen; the screen itself once the parcel is here. */
export function ParcelGate({ children }: { children: (parcel: Parcel, base: string) => ReactNode }) {
  const { parcel, loading, notFound, error, base } = useParcel();
  if (parcel) return <>{children(parcel, base)}</>;
  if (notFound) return <NotFoundCard what={MISSING} />;
  return (
    <div className="cp-container">
      <ListState loading={loading} error={error} empty />
    </div>
  );
}
