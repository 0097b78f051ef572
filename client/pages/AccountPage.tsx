import "../styles/pages.css";
import { AccountRoutes } from "../modules/account/AccountRoutes";

/** The shipper's area, /account/* (client-rendered, hidden from search): sign-in screens and its sections. */
export default function AccountPage() {
  return <AccountRoutes />;
}
