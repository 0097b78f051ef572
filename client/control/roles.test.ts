import { describe, expect, it } from "vitest";
import { mayOpen, roleCan, screenRule } from "./roles";

describe("what each role sees in the control panel", () => {
  it("lets a courier open parcels, history entries, scan and the account, nothing else", () => {
    const open = [
      "/control/index.html",
      "/control/parcels/list.html",
      "/control/parcels/CR-1",
      "/control/parcels/CR-1/activities",
      "/control/parcels/CR-1/activities/create",
      "/control/parcels/CR-1/deliver",
      "/control/scan",
      "/control/account/index.html",
      "/control/account/password.html",
    ];
    const shut = [
      "/control/parcels/create.html",
      "/control/parcels/import.html",
      "/control/parcels/stale.html",
      "/control/parcels/CR-1/update",
      "/control/parcels/CR-1/update-map",
      "/control/parcels/CR-1/activities/7",
      "/control/pages/list.html",
      "/control/reviews/list.html",
      "/control/email/send.html",
      "/control/invoice/list.html",
      "/control/settings",
      "/control/webhooks/list.html",
      "/control/staff/list.html",
      "/control/dispatch",
    ];
    for (const p of open) expect(mayOpen("courier", p), p).toBe(true);
    for (const p of shut) expect(mayOpen("courier", p), p).toBe(false);
  });

  it("keeps settings, webhooks and staff for the owner", () => {
    for (const p of ["/control/settings/mail", "/control/webhooks/3/edit.html", "/control/staff/list.html"]) {
      expect(mayOpen("dispatcher", p), p).toBe(false);
      expect(mayOpen("owner", p), p).toBe(true);
    }
    expect(mayOpen("dispatcher", "/control/parcels/create.html")).toBe(true);
    expect(mayOpen("dispatcher", "/control/dispatch")).toBe(true);
  });

  it("names what the role may not do, and refuses everything to an unknown role", () => {
    expect(screenRule("/control/staff/list.html")).toMatchObject({ permission: "staff", what: "manage the staff" });
    expect(screenRule("/control/parcels/CR-1/activities/12")?.permission).toBe("history:edit");
    expect(roleCan(null, "parcels:read")).toBe(false);
    expect(mayOpen(null, "/control/parcels/list.html")).toBe(false);
  });
});
