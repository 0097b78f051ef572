import { Arg, Args, Int, Mutation, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { caller } from "../shipper/shipper.auth.js";
import { plain } from "./booking.resolver.js";
import * as statements from "./statement.service.js";
import { PayStatementInput, Statement, StatementInput, StatementListArgs, StatementPage } from "./statement.type.js";

@Resolver()
export class StatementResolver {
  @Mutation(() => Statement)
  @Op("statements.create")
  createStatement(@Arg("input", () => StatementInput) input: StatementInput) {
    return statements.createStatement({ ...input });
  }

  @Mutation(() => Statement, { description: "Mark a statement paid" })
  @Op("statements.update")
  payStatement(@Arg("input", () => PayStatementInput) input: PayStatementInput) {
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
    const f = await statements.readStatementFilter(plain(args));
    return statements.linkStatements(await statements.listStatements(caller(), f), f, "/api/statements");
  }

  @Query(() => StatementPage, { description: "The signed-in shipper's statements" })
  @Op("users.statements")
  async userStatements(@Args(() => StatementListArgs) args: StatementListArgs) {
    const f = await statements.readStatementFilter(plain(args));
    return statements.linkStatements(await statements.listStatements(caller(), f), f, "/api/users/statements");
  }
}
