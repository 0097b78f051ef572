import { Link } from "react-router-dom";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../components/Icon";
import { useTitle } from "../../hooks/useTitle";
import { useSession } from "../../session";
import { useAdminMeQuery } from "../../../generated/graphql";

export default function Account() {
  useTitle("My Account");
  const { email } = useSession();
  const { data } = useAdminMeQuery({ fetchPolicy: "cache-first" });
  const on = data?.me?.totp_enabled;
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="My Account" icon="person" sub={email ? `Signed in as ${email}` : undefined} back="/control/index.html" backLabel="Control panel home" />
      <ul className="cp-list cp-menu">
        <li>
          <Link to="/control/account/password.html" className="cp-row cp-row-link">
            <span className="cp-row-icon cp-accent" aria-hidden="true">
              <Icon name="lock" size={26} />
            </span>
            <span className="cp-row-main">
              <strong>Change Password</strong>
            </span>
            <Icon name="chevron_right" size={22} />
          </Link>
        </li>
        <li>
          <Link to="/control/account/two-step.html" className="cp-row cp-row-link">
            <span className="cp-row-icon cp-accent" aria-hidden="true">
              <Icon name="shield" size={26} />
            </span>
            <span className="cp-row-main">
              <strong>Two-Step Sign-In</strong>
            </span>
            {on === undefined || on === null ? null : <span className={`cp-badge ${on ? "cp-badge-ok" : "cp-badge-muted"}`}>{on ? "On" : "Off"}</span>}
            <Icon name="chevron_right" size={22} />
          </Link>
        </li>
      </ul>
    </div>
  );
}
