import type { ReactNode } from "react";
import { Icon } from "../../components/Icon";

/** The narrow frame of a signed-out screen (sign in, reset password, first admin, invitation): badge and title above it. */
export function AuthScreen({ icon, title, children }: { icon: string; title: ReactNode; children: ReactNode }) {
  return (
    <div className="cp-auth">
      <div className="cp-auth-badge" aria-hidden="true">
        <Icon path={icon} size={30} />
      </div>
      <h1>{title}</h1>
      {children}
    </div>
  );
}
