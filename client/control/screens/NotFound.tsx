import { Link, useLocation } from "react-router-dom";
import { useTitle } from "../hooks/useTitle";
import { HOME } from "../session";

export function NotFoundCard({ what = "page" }: { what?: string }) {
  const { pathname } = useLocation();
  return (
    <div className="cp-container">
      <div className="cp-card cp-notfound" role="alert">
        <h1>Not Found</h1>
        <p>
          No {what} at <code>{pathname}</code>.
        </p>
        <Link to={HOME} className="cp-btn cp-btn-outline">
          Control panel home
        </Link>
      </div>
    </div>
  );
}

export default function NotFound() {
  useTitle("Not Found");
  return <NotFoundCard />;
}
