import { Arg, Args, FieldResolver, Mutation, Query, Resolver, Root } from "type-graphql";
import { Parcel } from "../parcel/parcel.type.js";
import { collectionsOf, collectionView } from "./cod.collect.js";
import { Op } from "../../graphql/guards.js";
import { LedgerArgs, linkLedgerPage, ReversalInput } from "./cod.input.js";
import * as cod from "./cod.service.js";
import { CodBalances, CodCollectionView, CodLedgerEntry, CodLedgerPage } from "./cod.type.js";

/** Cash on delivery's books through GraphQL: the same service as /api/cod. */
@Resolver()
export class CodResolver {
  @Query(() => CodLedgerPage, {
    description: "The cash-on-delivery ledger, newest first, filtered (from, to, shipper_id, courier_id, tracking_code) and paged",
  })
  @Op("cod.ledger")
  async codLedger(@Args(() => LedgerArgs) args: LedgerArgs) {
    return linkLedgerPage(await cod.listLedger(args), args);
  }

  @Query(() => CodBalances, { description: "Every account's balance in the site's currency (or currency): they sum to zero" })
  @Op("cod.balances")
  codBalances(@Arg("currency", () => String, { nullable: true }) currency: string | null) {
    return cod.balances(currency);
  }

  @Mutation(() => CodLedgerEntry, { description: "Owner: undo a ledger entry by a new reversed entry (its debit and credit swapped)" })
  @Op("cod.reversals.create")
  reverseCodEntry(@Arg("input", () => ReversalInput) input: ReversalInput) {
    return cod.reverseEntry(input);
  }
}

/** A staff parcel's `cod`: as the parcel service attached it, else read (an answer that did not carry it). */
@Resolver(() => Parcel)
export class CodParcelResolver {
  @FieldResolver(() => CodCollectionView, {
    nullable: true,
    description: "Cash on delivery: the amount due and what became of it (null when none was ever due)",
  })
  async cod(@Root() parcel: Parcel) {
    if (parcel.cod !== undefined) return parcel.cod;
    return collectionView((await collectionsOf([parcel.id])).get(parcel.id));
  }
}
