import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Icon } from "../../components/Icon";
import * as icons from "../icons";

/** Title of a control-panel screen, with a way back and room for actions. */
export function PageHeader({
  title,
  back,
  backLabel,
  icon,
  actions,
  sub,
}: {
  title: ReactNode;
  back?: string;
  backLabel?: string;
  icon?: string;
  actions?: ReactNode;
  sub?: ReactNode;
}) {
  const { t } = useTranslation("control");
  const backText = backLabel ?? t("actions.back");
  return (
    <header className="cp-page-header">
      {back ? (
        <Link to={back} className="cp-back" aria-label={backText} title={backText}>
          <Icon path={icons.arrow_back} size={22} />
        </Link>
      ) : null}
      <div className="cp-page-title">
        <h1>
          {icon ? <Icon path={icon} size={26} className="cp-title-icon" /> : null}
          {title}
        </h1>
        {sub ? <p className="cp-sub">{sub}</p> : null}
      </div>
      {actions ? <div className="cp-page-actions">{actions}</div> : null}
    </header>
  );
}

export function Card({ children, className, title, labelId }: { children: ReactNode; className?: string; title?: ReactNode; labelId?: string }) {
  return (
    <section className={`cp-card${className ? ` ${className}` : ""}`} aria-labelledby={labelId}>
      {title ? (
        <h2 id={labelId} className="cp-card-title">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
