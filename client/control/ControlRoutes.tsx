import { lazy, Suspense, useEffect } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router-dom";
import "./control.css";
import { appReady } from "../earlyInput";
import { AdminLayout, GuestLayout } from "./components/Layout";
import { ToastProvider } from "./components/Toast";
import { GuestOnly, HOME, RequireAdmin, SessionProvider } from "./session";
import { ControlI18n } from "./i18n";
import SignIn from "./screens/auth/SignIn";
import CreateAdmin from "./screens/auth/CreateAdmin";
import ResetPassword from "./screens/auth/ResetPassword";
import Home from "./screens/Home";
import NotFound from "./screens/NotFound";
import ParcelList from "./screens/parcels/ParcelList";
import ParcelCreate from "./screens/parcels/ParcelCreate";
import ParcelDetail from "./screens/parcels/ParcelDetail";
import ParcelUpdate from "./screens/parcels/ParcelUpdate";
import ParcelMapUpdate from "./screens/parcels/ParcelMapUpdate";
import ParcelImageUpdate from "./screens/parcels/ParcelImageUpdate";
import StaleParcels from "./screens/parcels/StaleParcels";
import ParcelImport from "./screens/parcels/ParcelImport";
import ToReschedule from "./screens/parcels/ToReschedule";
import RecordDelivery from "./screens/parcels/RecordDelivery";
import ActivityList from "./screens/activities/ActivityList";
import { ActivityCreate, ActivityEdit } from "./screens/activities/ActivityForm";
import PageList from "./screens/pages/PageList";
import { PageCreate, PageEdit } from "./screens/pages/PageForm";
import ReviewList from "./screens/reviews/ReviewList";
import ReviewCreate from "./screens/reviews/ReviewCreate";
import SettingsMenu from "./screens/settings/SettingsMenu";
import ContactSettings from "./screens/settings/ContactSettings";
import GeneralSettings from "./screens/settings/GeneralSettings";
import MailSettings from "./screens/settings/MailSettings";
import HtmlSettings from "./screens/settings/HtmlSettings";
import SendEmail from "./screens/email/SendEmail";
import Outbox from "./screens/email/Outbox";
import InvoiceCreate from "./screens/invoice/InvoiceCreate";
import InvoiceList from "./screens/invoice/InvoiceList";
import WebhookList from "./screens/webhooks/WebhookList";
import WebhookCreate, { WebhookEdit } from "./screens/webhooks/WebhookCreate";
import WebhookDeliveries from "./screens/webhooks/WebhookDeliveries";
import ApiKeyList from "./screens/apikeys/ApiKeyList";
import ApiKeyCreate from "./screens/apikeys/ApiKeyCreate";
import Account from "./screens/account/Account";
import ScanScreen from "./screens/scan/ScanScreen";
import RunScreen from "./screens/run/RunScreen";
import ChangePassword from "./screens/account/ChangePassword";
import StaffList from "./screens/staff/StaffList";
import AcceptInvitation from "./screens/staff/AcceptInvitation";
import TwoStep from "./screens/account/TwoStep";
import AuditLog from "./screens/audit/AuditLog";
import { ListState } from "./components/lists";
// Shippers and rates (contract section 10).
import ShipperList from "./screens/shippers/ShipperList";
import ShipperCreate from "./screens/shippers/ShipperCreate";
import BookingList from "./screens/shippers/BookingList";
import PickupList from "./screens/shippers/PickupList";
import StatementList from "./screens/shippers/StatementList";
import StatementCreate from "./screens/shippers/StatementCreate";
import ZoneList from "./screens/rates/ZoneList";
import ServiceList from "./screens/rates/ServiceList";
import RateCardList from "./screens/rates/RateCardList";
import RateCardEdit from "./screens/rates/RateCardEdit";
import ShippingSettings from "./screens/settings/ShippingSettings";
import DeliveryDaySettings from "./screens/settings/DeliveryDaySettings";
// Cash on delivery (contract section 12): balances and cash-ups, remittances, the ledger.
import CodBalances from "./screens/cod/CodBalances";
import CashupList from "./screens/cod/CashupList";
import RemittanceList from "./screens/cod/RemittanceList";
import CodLedger from "./screens/cod/CodLedger";
// Messages to recipients (contract section 13): the list and the channels' settings.
import MessageList from "./screens/messages/MessageList";
import MessageSettings from "./screens/settings/MessageSettings";

// Its own chunk: the QR code library is needed on the printable invoice only.
const InvoiceView = lazy(() => import("./screens/invoice/InvoiceView"));
// The dispatch board: its own chunk (dnd-kit; its map loads Leaflet when shown).
const DispatchBoard = lazy(() => import("./screens/dispatch/DispatchBoard"));
const loadingScreen = (
  <div className="cp-container">
    <ListState loading empty />
  </div>
);

const guest = (
  <GuestOnly>
    <GuestLayout />
  </GuestOnly>
);

/** /cp and /cp/signup: the short sign-in and one-time sign-up links. */
function CpRoutes() {
  return (
    <Routes>
      <Route element={guest}>
        <Route index element={<SignIn />} />
        <Route path="signup" element={<CreateAdmin />} />
      </Route>
      <Route path="*" element={<Navigate to="/cp" replace />} />
    </Routes>
  );
}

/** Everything under /control: guest-only screens and the signed-in admin's screens. */
function ControlPanelRoutes() {
  return (
    <Routes>
      <Route element={guest}>
        <Route path="signin.html" element={<SignIn />} />
        <Route path="signup.html" element={<CreateAdmin />} />
        <Route path="password.html" element={<ResetPassword />} />
      </Route>
      {/* The invitation link works whoever is signed in on this browser (it does not sign in). */}
      <Route element={<GuestLayout />}>
        <Route path="accept.html" element={<AcceptInvitation />} />
      </Route>
      <Route
        element={
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        }
      >
        <Route index element={<Navigate to={HOME} replace />} />
        <Route path="index.html" element={<Home />} />
        <Route path="parcels">
          <Route index element={<Navigate to="/control/parcels/list.html" replace />} />
          <Route path="list.html" element={<ParcelList />} />
          <Route path="create.html" element={<ParcelCreate />} />
          <Route path="stale.html" element={<StaleParcels />} />
          <Route path="import.html" element={<ParcelImport />} />
          <Route path="reschedule.html" element={<ToReschedule />} />
          <Route path=":code" element={<ParcelDetail />} />
          <Route path=":code/update" element={<ParcelUpdate />} />
          <Route path=":code/update-map" element={<ParcelMapUpdate />} />
          <Route path=":code/update-image" element={<ParcelImageUpdate />} />
          <Route path=":code/deliver" element={<RecordDelivery />} />
          <Route path=":code/activities" element={<ActivityList />} />
          <Route path=":code/activities/create" element={<ActivityCreate />} />
          <Route path=":code/activities/:aid" element={<ActivityEdit />} />
        </Route>
        <Route path="pages">
          <Route index element={<Navigate to="/control/pages/list.html" replace />} />
          <Route path="list.html" element={<PageList />} />
          <Route path="create.html" element={<PageCreate />} />
          <Route path=":slug" element={<PageEdit />} />
        </Route>
        <Route path="reviews">
          <Route index element={<Navigate to="/control/reviews/list.html" replace />} />
          <Route path="list.html" element={<ReviewList />} />
          <Route path="create.html" element={<ReviewCreate />} />
        </Route>
        <Route path="settings">
          <Route index element={<SettingsMenu />} />
          <Route path="general" element={<GeneralSettings />} />
          <Route path="contact" element={<ContactSettings />} />
          <Route path="mail" element={<MailSettings />} />
          <Route path="html" element={<HtmlSettings />} />
          <Route path="shipping" element={<ShippingSettings />} />
          <Route path="delivery-day" element={<DeliveryDaySettings />} />
          <Route path="messages" element={<MessageSettings />} />
        </Route>
        <Route path="email">
          <Route index element={<Navigate to="/control/email/send.html" replace />} />
          <Route path="send.html" element={<SendEmail />} />
          <Route path="outbox.html" element={<Outbox />} />
        </Route>
        <Route path="invoice">
          <Route index element={<Navigate to="/control/invoice/list.html" replace />} />
          <Route path="list.html" element={<InvoiceList />} />
          <Route path="create.html" element={<InvoiceCreate />} />
          <Route
            path=":id"
            element={
              <Suspense fallback={loadingScreen}>
                <InvoiceView />
              </Suspense>
            }
          />
        </Route>
        <Route path="audit.html" element={<AuditLog />} />
        <Route path="messages" element={<MessageList />} />
        <Route
          path="dispatch"
          element={
            <Suspense fallback={loadingScreen}>
              <DispatchBoard />
            </Suspense>
          }
        />
        <Route path="webhooks">
          <Route index element={<Navigate to="/control/webhooks/list.html" replace />} />
          <Route path="list.html" element={<WebhookList />} />
          <Route path="create.html" element={<WebhookCreate />} />
          <Route path=":id/edit.html" element={<WebhookEdit />} />
          <Route path=":id/deliveries.html" element={<WebhookDeliveries />} />
        </Route>
        <Route path="api-keys">
          <Route index element={<Navigate to="/control/api-keys/list.html" replace />} />
          <Route path="list.html" element={<ApiKeyList />} />
          <Route path="create.html" element={<ApiKeyCreate />} />
        </Route>
        <Route path="scan" element={<ScanScreen />} />
        <Route path="run" element={<RunScreen />} />
        <Route path="staff">
          <Route index element={<Navigate to="/control/staff/list.html" replace />} />
          <Route path="list.html" element={<StaffList />} />
        </Route>
        <Route path="account">
          <Route index element={<Navigate to="/control/account/index.html" replace />} />
          <Route path="index.html" element={<Account />} />
          <Route path="password.html" element={<ChangePassword />} />
          <Route path="two-step.html" element={<TwoStep />} />
        </Route>
        {/* Shippers and rates (contract section 10). */}
        <Route path="shippers">
          <Route index element={<Navigate to="/control/shippers/list.html" replace />} />
          <Route path="list.html" element={<ShipperList />} />
          <Route path="create.html" element={<ShipperCreate />} />
        </Route>
        <Route path="bookings">
          <Route index element={<Navigate to="/control/bookings/list.html" replace />} />
          <Route path="list.html" element={<BookingList />} />
        </Route>
        <Route path="pickups">
          <Route index element={<Navigate to="/control/pickups/list.html" replace />} />
          <Route path="list.html" element={<PickupList />} />
        </Route>
        <Route path="statements">
          <Route index element={<Navigate to="/control/statements/list.html" replace />} />
          <Route path="list.html" element={<StatementList />} />
          <Route path="create.html" element={<StatementCreate />} />
        </Route>
        <Route path="rates">
          <Route index element={<Navigate to="/control/rates/zones.html" replace />} />
          <Route path="zones.html" element={<ZoneList />} />
          <Route path="services.html" element={<ServiceList />} />
          <Route path="cards" element={<RateCardList />} />
          <Route path="cards/:id" element={<RateCardEdit />} />
        </Route>
        <Route path="cod">
          <Route index element={<Navigate to="/control/cod/index.html" replace />} />
          <Route path="index.html" element={<CodBalances />} />
          <Route path="cashups.html" element={<CashupList />} />
          <Route path="remittances.html" element={<RemittanceList />} />
          <Route path="ledger.html" element={<CodLedger />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

/** The control panel (its own chunk): /cp/* and /control/*. */
export default function ControlRoutes() {
  const { pathname } = useLocation();
  const cp = pathname === "/cp" || pathname.startsWith("/cp/");
  // The control panel renders in the browser only: nothing of it was on the page before the app.
  useEffect(appReady, []);
  return (
    <SessionProvider>
      <ControlI18n>
        <ToastProvider>{cp ? <CpRoutes /> : <ControlPanelRoutes />}</ToastProvider>
      </ControlI18n>
    </SessionProvider>
  );
}
