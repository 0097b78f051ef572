import { Arg, Int, Mutation, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { caller } from "../shipper/shipper.auth.js";
import * as rates from "./rates.service.js";
import * as quotes from "./quote.service.js";
import { QuoteAnswer, QuoteInput, RateCard, RateCardInput, Service, ServiceInput, Zone, ZoneInput } from "./rates.type.js";

@Resolver()
export class RatesResolver {
  @Query(() => [Zone]) @Op("rates.read") zones() {
    return rates.listZones();
  }
  @Mutation(() => Zone) @Op("rates.write") createZone(@Arg("input", () => ZoneInput) input: ZoneInput) {
    return rates.createZone(input);
  }
  @Mutation(() => Zone, { description: "A rename follows into every rate card" }) @Op("rates.write") updateZone(
    @Arg("id", () => Int) id: number,
    @Arg("input", () => ZoneInput) input: ZoneInput,
  ) {
    return rates.updateZone({ ...input, id });
  }
  @Mutation(() => Boolean) @Op("rates.write") async deleteZone(@Arg("id", () => Int) id: number) {
    await rates.deleteZone({ id });
    return true;
  }

  @Query(() => [Service]) @Op("rates.read") services() {
    return rates.listServices();
  }
  @Mutation(() => Service) @Op("rates.write") createService(@Arg("input", () => ServiceInput) input: ServiceInput) {
    return rates.createService(input);
  }
  @Mutation(() => Service) @Op("rates.write") updateService(@Arg("id", () => Int) id: number, @Arg("input", () => ServiceInput) input: ServiceInput) {
    return rates.updateService({ ...input, id });
  }
  @Mutation(() => Boolean) @Op("rates.write") async deleteService(@Arg("id", () => Int) id: number) {
    await rates.deleteService({ id });
    return true;
  }

  @Query(() => [RateCard]) @Op("rates.read") rateCards() {
    return rates.listRateCards();
  }
  @Query(() => RateCard) @Op("rates.read") rateCard(@Arg("id", () => String) id: string) {
    return rates.getRateCard(id);
  }
  @Query(() => String, { description: "The card's grid as CSV (one row per lane and bracket)" }) @Op("rates.read") rateCardCsv(
    @Arg("id", () => String) id: string,
  ) {
    return rates.rateCardCsv(id);
  }
  @Mutation(() => RateCard, { description: "Create or replace a rate card" }) @Op("rates.write") putRateCard(
    @Arg("id", () => String) id: string,
    @Arg("input", () => RateCardInput) input: RateCardInput,
  ) {
    return rates.putRateCard(id, input);
  }
  @Mutation(() => RateCard, { description: "Replace the card's grid from CSV: per-row errors, nothing saved when a row is wrong" })
  @Op("rates.write")
  putRateCardCsv(@Arg("id", () => String) id: string, @Arg("csv", () => String) csv: string) {
    return rates.putRateCardCsv(id, csv);
  }

  @Mutation(() => QuoteAnswer, { description: "Price a shipment (a shipper or its key on its own card); limited per client" })
  @Op("quotes.create")
  quote(@Arg("input", () => QuoteInput) input: QuoteInput) {
    return quotes.quote(input, caller());
  }
}
