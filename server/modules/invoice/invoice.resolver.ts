import { Arg, Args, Int, Mutation, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { PageArgs } from "../common/paging.js";
import { CreateInvoiceInput, linkInvoicePage } from "./invoice.input.js";
import * as invoices from "./invoice.service.js";
import { Invoice, InvoicePage } from "./invoice.type.js";

@Resolver()
export class InvoiceResolver {
  @Query(() => Invoice)
  @Op("invoices.get")
  invoice(@Arg("id", () => Int) id: number) {
    return invoices.getInvoice(id);
  }

  @Query(() => InvoicePage)
  @Op("invoices.list")
  async invoices(@Args(() => PageArgs) args: PageArgs) {
    return linkInvoicePage(await invoices.listInvoices(args), args);
  }

  @Mutation(() => Invoice)
  @Op("invoices.create")
  createInvoice(@Arg("input", () => CreateInvoiceInput) input: CreateInvoiceInput) {
    return invoices.createInvoice(input);
  }
}
