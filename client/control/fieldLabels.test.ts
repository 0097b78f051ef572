import { describe, expect, it } from "vitest";
import { fieldLabel, pathLabel, readableMessage } from "./fieldLabels";

describe("the server's field names as the screens label them", () => {
  it("words a wire name, or takes the screen's own label", () => {
    expect(fieldLabel("map_current_latitude")).toBe("Map Current Latitude");
    expect(fieldLabel("url")).toBe("URL");
    expect(fieldLabel("transit_days_min")).toBe("Transit days, fewest");
    expect(fieldLabel("stale_days")).toBe("Days without news");
  });

  it("words a nested path, counting items from 1", () => {
    expect(pathLabel("recipient_address.latitude")).toBe("Recipient Address, Latitude");
    expect(pathLabel("lanes[0].brackets[1].amount")).toBe("Lane 1, Bracket 2, Amount");
    expect(pathLabel("countries[2]")).toBe("Country 3");
  });

  it("names the field a message starts with, and the fields it refers to", () => {
    expect(readableMessage("map_current_latitude is required when show_map is yes")).toBe("Map Current Latitude is required when Show Map is yes");
    expect(readableMessage("max_expected_delivery_date must not be before min_expected_delivery_date")).toBe(
      "Max Expected Delivery Date must not be before Min Expected Delivery Date",
    );
    expect(readableMessage("depot_latitude is required with depot_longitude")).toBe("Depot latitude is required with Depot longitude");
    expect(readableMessage("url must be an http or https URL")).toBe("URL must be an http or https URL");
    expect(readableMessage("recipient_address.latitude is required with longitude")).toBe("Recipient Address, Latitude is required with longitude");
    expect(readableMessage("lanes[3].brackets[0].amount must not be negative")).toBe("Lane 4, Bracket 1, Amount must not be negative");
    expect(readableMessage("credit_limit must be an amount in EUR")).toBe("Credit limit must be an amount in EUR");
    expect(readableMessage("receiver_name, signature or photo is required: record at least one of them")).toBe(
      "Received by, Signature or Photo is required: record at least one of them",
    );
    expect(readableMessage("email or password is wrong")).toBe("Email or Password is wrong");
  });

  it("leaves the values a message lists as they are typed or chosen", () => {
    expect(readableMessage("status_code must be one of pending, picked_up, in_transit")).toBe("Status code must be one of pending, picked_up, in_transit");
    expect(readableMessage("events must be among parcel.created, history.added")).toBe("Events must be among parcel.created, history.added");
  });

  it("leaves a message that does not start with a field as the server wrote it", () => {
    for (const m of [
      "Parcel not found",
      "Invalid Json",
      "The recipient's postcode is wrong",
      "row 4: amount is not a number",
      'express from DE to EU, up to 10 kg: "lots" is not an amount in EUR',
      "",
      "single",
    ]) {
      expect(readableMessage(m)).toBe(m);
    }
  });
});
