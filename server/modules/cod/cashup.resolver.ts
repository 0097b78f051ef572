import { Arg, Args, Mutation, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { caller } from "../shipper/shipper.auth.js";
import { plain } from "../booking/booking.resolver.js";
import * as cashups from "./cashup.service.js";
import { CashupInput, CashupListArgs, CodCashup, CodCashupPage } from "./cashup.type.js";

@Resolver()
export class CashupResolver {
  @Mutation(() => CodCashup, { description: "Count a courier's cash in at the depot (never one's own)" })
  @Op("cod.cashups.create")
  createCodCashup(@Arg("input", () => CashupInput) input: CashupInput) {
    return cashups.createCashup(caller(), { ...input });
  }

  @Query(() => CodCashupPage, { description: "Cash-ups, newest first" })
  @Op("cod.cashups.list")
  async codCashups(@Args(() => CashupListArgs) args: CashupListArgs) {
    const f = await cashups.readCashupFilter(plain(args));
    return cashups.linkCashups(await cashups.listCashups(f), f);
  }
}
