import { Link } from "react-router-dom";
import { Icon } from "../../components/Icon";

/**
 * What a successful "delivered" scan offers next. The proof of delivery (receiver's name, signature,
 * photo) plugs in here: today it leads to the parcel's screen; the run is kept in localStorage,
 * so coming back shows it as it was.
 */
export function ProofAction({ code }: { code: string; activityId: number | null | undefined }) {
  return (
    <Link to={`/control/parcels/${encodeURIComponent(code)}`} className="cp-scan-proof">
      <Icon name="draw" size={18} />
      <span>Add proof</span>
    </Link>
  );
}
