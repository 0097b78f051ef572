import { Arg, Args, Int, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { AdminOnly } from "../../graphql/guards.js";
import { PageArgs } from "../common/paging.js";
import { CreateInvoiceInput } from "./invoice.input.js";
import * as invoices from "./invoice.service.js";
import { Invoice, InvoicePage } from "./invoice.type.js";

@Resolver()
export class InvoiceResolver {
  @Query(() => Invoice)
  @UseMiddleware(AdminOnly)
  invoice(@Arg("id", () => Int) id: number) {
    return invoices.getInvoice(id);
  }

  @Query(() => InvoicePage)
  @UseMiddleware(AdminOnly)
  invoices(@Args(() => PageArgs) args: PageArgs) {
    return invoices.listInvoices(args);
  }

  @Mutation(() => Invoice)
  @UseMiddleware(AdminOnly)
  createInvoice(@Arg("input", () => CreateInvoiceInput) input: CreateInvoiceInput) {
    return invoices.createInvoice(input);
  }
}
