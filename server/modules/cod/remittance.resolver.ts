import { Arg, Args, Mutation, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { caller } from "../shipper/shipper.auth.js";
import { plain } from "../booking/booking.resolver.js";
import * as remittances from "./remittance.service.js";
import { CodRemittance, CodRemittancePage, RemittanceInput, RemittanceListArgs, UpdateRemittanceInput } from "./remittance.type.js";

@Resolver()
export class RemittanceResolver {
  @Mutation(() => CodRemittance, { description: "Pay a shipper's collections out: a remittance" })
  @Op("cod.remittances.create")
  createCodRemittance(@Arg("input", () => RemittanceInput) input: RemittanceInput) {
    return remittances.createRemittance(caller(), { ...input });
  }

  @Mutation(() => CodRemittance, { description: "Mark an open remittance paid, or cancel it" })
  @Op("cod.remittances.update")
  updateCodRemittance(@Arg("input", () => UpdateRemittanceInput) input: UpdateRemittanceInput) {
    return remittances.updateRemittance(caller(), { ...input });
  }

  @Query(() => CodRemittancePage, { description: "Staff: remittances" })
  @Op("cod.remittances.list")
  async codRemittances(@Args(() => RemittanceListArgs) args: RemittanceListArgs) {
    const f = await remittances.readRemittanceFilter(plain(args));
    return remittances.linkRemittances(await remittances.listRemittances(caller(), f), f, "/api/cod/remittances");
  }

  @Query(() => CodRemittancePage, { description: "The signed-in shipper's remittances" })
  @Op("users.remittances")
  async userRemittances(@Args(() => RemittanceListArgs) args: RemittanceListArgs) {
    const f = await remittances.readRemittanceFilter(plain(args));
    return remittances.linkRemittances(await remittances.listRemittances(caller(), f), f, "/api/users/remittances");
  }
}
