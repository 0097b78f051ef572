import { Arg, Args, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import type { Context } from "../../core/context.js";
import { Op } from "../../graphql/guards.js";
import { caller } from "../shipper/shipper.auth.js";
import * as bookings from "./booking.service.js";
import * as pickups from "./pickup.service.js";
import * as statements from "./statement.service.js";
import {
  Booking,
  BookingInput,
  BookingListArgs,
  BookingPage,
  PayStatementInput,
  Pickup,
  PickupInput,
  Statement,
  StatementInput,
  StatementListArgs,
  StatementPage,
} from "./booking.type.js";

const plain = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

@Resolver()
export class BookingResolver {
  @Mutation(() => Booking, { description: "Book a shipment (see POST /api/bookings); idempotency_key (or the Idempotency-Key header) as in REST" })
  @Op("bookings.create")
  createBooking(
    @Arg("input", () => BookingInput, { validate: false }) input: BookingInput,
    @Arg("idempotency_key", () => String, { nullable: true }) key: string | undefined,
    @Ctx() ctx: Context,
  ) {
    const { sender_address_id, ...rest } = input;
    const body = plain({ ...rest, sender: sender_address_id ? { address_id: sender_address_id } : rest.sender });
    const header = ctx.req.headers["idempotency-key"];
    return bookings.createBooking(JSON.parse(JSON.stringify(body)), caller(), key ?? (Array.isArray(header) ? header[0] : header));
  }

  @Query(() => BookingPage, { description: "Bookings: a shipper its own; staff all" })
  @Op("bookings.list")
  async bookings(@Args(() => BookingListArgs) args: BookingListArgs) {
    const f = bookings.readFilter(plain(args));
    return bookings.linkBookings(await bookings.listBookings(caller(), f), f);
  }

  @Mutation(() => Booking, { description: "Cancel while pending and not billed" })
  @Op("bookings.cancel")
  cancelBooking(@Arg("id", () => Int) id: number) {
    return bookings.cancelBooking(caller(), { id });
  }

  @Mutation(() => Pickup)
  @Op("pickups.create")
  createPickup(@Arg("input", () => PickupInput, { validate: false }) input: PickupInput) {
    return pickups.createPickup(JSON.parse(JSON.stringify(input)), caller());
  }

  @Query(() => [Pickup])
  @Op("pickups.list")
  pickups(@Arg("date", () => String, { nullable: true }) date?: string, @Arg("shipper_id", () => Int, { nullable: true }) shipperId?: number) {
    return pickups.listPickups(caller(), plain({ date, shipper_id: shipperId }));
  }

  @Mutation(() => Statement)
  @Op("statements.create")
  createStatement(@Arg("input", () => StatementInput, { validate: false }) input: StatementInput) {
    return statements.createStatement({ ...input });
  }

  @Mutation(() => Statement, { description: "Mark a statement paid" })
  @Op("statements.update")
  payStatement(@Arg("input", () => PayStatementInput, { validate: false }) input: PayStatementInput) {
    return statements.markPaid({ ...input });
  }

  @Mutation(() => Boolean, { description: "Mail a statement to its shipper, its PDF attached" })
  @Op("statements.mail")
  async mailStatement(@Arg("id", () => Int) id: number) {
    await statements.mailStatement(caller(), { id });
    return true;
  }

  @Query(() => StatementPage, { description: "Staff: statements" })
  @Op("statements.list")
  async statements(@Args(() => StatementListArgs) args: StatementListArgs) {
    const f = statements.readStatementFilter(plain(args));
    return statements.linkStatements(await statements.listStatements(caller(), f), f, "/api/statements");
  }

  @Query(() => StatementPage, { description: "The signed-in shipper's statements" })
  @Op("users.statements")
  async userStatements(@Args(() => StatementListArgs) args: StatementListArgs) {
    const f = statements.readStatementFilter(plain(args));
    return statements.linkStatements(await statements.listStatements(caller(), f), f, "/api/users/statements");
  }
}
