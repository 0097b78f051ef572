import { useLocation } from "react-router-dom";
import { useTitle } from "../hooks/useTitle";
import { DeadEnd } from "../session";

export function NotFoundCard({ what = "page" }: { what?: string }) {
  const { pathname } = useLocation();
  return (
    <DeadEnd title="Not Found">
      No {what} at <code>{pathname}</code>.
    </DeadEnd>
  );
}

export default function NotFound() {
  useTitle("Not Found");
  return <NotFoundCard />;
}
