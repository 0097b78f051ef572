import type { ActivityIcon } from "@shared/modules/activity/activity.codes";
import {
  airplanemode_active,
  check_circle,
  departure_board,
  directions_boat,
  home_work,
  local_shipping,
  moped,
  pan_tool,
  radio_button_checked,
  radio_button_unchecked,
  verified,
} from "./icons";

/** The path of each activity icon the server allows (shared/modules/activity/activity.codes.ts). */
const ACTIVITY_ICON_PATHS: Record<ActivityIcon, string> = {
  radio_button_checked,
  pan_tool,
  verified,
  check_circle,
  radio_button_unchecked,
  airplanemode_active,
  moped,
  directions_boat,
  local_shipping,
  home_work,
  departure_board,
};

/** A history entry's icon by its name; radio_button_checked for a name the client does not know. */
export function activityIconPath(name: string | null | undefined): string {
  return name && Object.hasOwn(ACTIVITY_ICON_PATHS, name) ? ACTIVITY_ICON_PATHS[name as ActivityIcon] : radio_button_checked;
}
