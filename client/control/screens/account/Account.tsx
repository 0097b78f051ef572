import { Link } from "react-router-dom";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../components/Icon";
import { useTitle } from "../../hooks/useTitle";
import { useSession } from "../../session";

export default function Account() {
  useTitle("My Account");
  const { email } = useSession();
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
      </ul>
    </div>
  );
}
