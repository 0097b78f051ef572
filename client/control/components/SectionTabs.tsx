import { Link, useLocation } from "react-router-dom";
import { mayOpen } from "../roles";
import { useSession } from "../session";

/**
 * A row of an area's sections under each of its screens' titles (shipping, COD): those the member may open, the
 * current one marked (its address, or one under it: /control/shippers/list.html marks /control/shippers/3 too).
 */
export function SectionTabs({ tabs, label }: { tabs: { to: string; label: string }[]; label: string }) {
  const { pathname } = useLocation();
  const { role } = useSession();
  return (
    <nav className="cp-tabs" aria-label={label}>
      {tabs
        .filter((t) => mayOpen(role, t.to))
        .map((t) => {
          const on = pathname.startsWith(t.to.replace(/\/list\.html$/, ""));
          return (
            <Link key={t.to} to={t.to} className={on ? "cp-tab active" : "cp-tab"} aria-current={on ? "page" : undefined}>
              {t.label}
            </Link>
          );
        })}
    </nav>
  );
}
