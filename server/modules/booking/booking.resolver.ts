import { Arg, Args, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import type { Context } from "../../core/context.js";
import { Before, Op } from "../../graphql/guards.js";
import { caller } from "../shipper/shipper.auth.js";
import * as bookings from "./booking.service.js";
import { Booking, BookingInput, BookingListArgs, BookingPage } from "./booking.type.js";

/** The arguments given (GraphQL passes absent ones as undefined), for the services that read raw bodies. */
export const plain = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

@Resolver()
export class BookingResolver {
  @Mutation(() => Booking, { description: "Book a shipment (see POST /api/bookings); idempotency_key (or the Idempotency-Key header) as in REST" })
  @Op("bookings.create")
  @Before(() => bookings.bookingGate(caller()))
  createBooking(
    @Arg("input", () => BookingInput) input: BookingInput,
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
    const f = await bookings.readFilter(plain(args));
    return bookings.linkBookings(await bookings.listBookings(caller(), f), f);
  }

  @Mutation(() => Booking, { description: "Cancel while pending and not billed" })
  @Op("bookings.cancel")
  cancelBooking(@Arg("id", () => Int) id: number) {
    return bookings.cancelBooking(caller(), { id });
  }
}
