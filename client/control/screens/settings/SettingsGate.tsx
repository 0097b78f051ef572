import type { ReactNode } from "react";
import { useAdminSettingsQuery, type AdminSettingsQuery } from "../../../generated/graphql";
import { ListState } from "../../components/lists";
import { firstError } from "../../hooks/errors";

type Settings = AdminSettingsQuery["adminSettings"];

/** Loads all settings (admin view) before a settings form starts with their values. */
export function SettingsGate({ children }: { children: (s: Settings) => ReactNode }) {
  const { data, loading, error } = useAdminSettingsQuery({ fetchPolicy: "network-only" });
  if (data?.adminSettings) return <>{children(data.adminSettings)}</>;
  return (
    <div className="cp-container">
      <ListState loading={loading} error={firstError(error)} empty />
    </div>
  );
}
