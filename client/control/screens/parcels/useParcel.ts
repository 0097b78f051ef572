import { useParams } from "react-router-dom";
import { useAdminParcelQuery } from "../../../generated/graphql";
import { firstError, isNotFound } from "../../hooks/errors";

/** The parcel named by the route's tracking code, with every field and its history. */
export function useParcel() {
  const code = useParams().code ?? "";
  const q = useAdminParcelQuery({ variables: { trackingCode: code } });
  const parcel = q.data?.adminParcel ?? null;
  return {
    code,
    parcel,
    loading: q.loading && !parcel,
    notFound: !parcel && isNotFound(q.error),
    error: parcel ? null : firstError(q.error),
    base: `/control/parcels/${encodeURIComponent(code)}`,
  };
}
