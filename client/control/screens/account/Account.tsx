import { Link } from "react-router-dom";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { useTitle } from "../../hooks/useTitle";
import { useSession } from "../../session";
import * as icons from "../../icons";

export default function Account() {
  useTitle("My Account");
  const { email, totpEnabled: on, checked } = useSession();
  return (
    <div className="cp-container cp-narrow">
      <PageHeader
        title="My Account"
        icon={icons.person}
        sub={email ? `Signed in as ${email}` : undefined}
        back="/control/index.html"
        backLabel="Control panel home"
      />
      <ul className="cp-list cp-menu">
        <li>
          <Link to="/control/account/password.html" className="cp-row cp-row-link">
            <span className="cp-row-icon cp-accent" aria-hidden="true">
              <Icon path={icons.lock} size={26} />
            </span>
            <span className="cp-row-main">
              <strong>Change Password</strong>
            </span>
            <Icon path={icons.chevron_right} size={22} />
          </Link>
        </li>
        <li>
          <Link to="/control/account/two-step.html" className="cp-row cp-row-link">
            <span className="cp-row-icon cp-accent" aria-hidden="true">
              <Icon path={icons.shield} size={26} />
            </span>
            <span className="cp-row-main">
              <strong>Two-Step Sign-In</strong>
            </span>
            {!checked ? null : <span className={`cp-badge ${on ? "cp-badge-ok" : "cp-badge-muted"}`}>{on ? "On" : "Off"}</span>}
            <Icon path={icons.chevron_right} size={22} />
          </Link>
        </li>
      </ul>
    </div>
  );
}
