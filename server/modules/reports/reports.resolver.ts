import { Arg, Int, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import * as reports from "./reports.service.js";
import { readReportArgs } from "./reports.args.js";
import { ReportDay, ReportSummary } from "./reports.type.js";

const args = (from?: string | null, to?: string | null, shipperId?: number | null, courierId?: number | null, service?: string | null) =>
  readReportArgs({
    from: from ?? undefined,
    to: to ?? undefined,
    shipper_id: shipperId ?? undefined,
    courier_id: courierId ?? undefined,
    service: service ?? undefined,
  });

@Resolver()
export class ReportsResolver {
  @Query(() => ReportSummary, {
    description:
      "The owner's dashboard (owner, dispatcher): the period's figures (from and to inclusive, days in TIME_ZONE, default the 30 days ending today, at most 366) and the previous period's",
  })
  @Op("reports.read")
  async reportSummary(
    @Arg("from", () => String, { nullable: true, description: "YYYY-MM-DD" }) from?: string,
    @Arg("to", () => String, { nullable: true, description: "YYYY-MM-DD" }) to?: string,
    @Arg("shipperId", () => Int, { nullable: true }) shipperId?: number,
    @Arg("courierId", () => Int, { nullable: true }) courierId?: number,
    @Arg("service", () => String, { nullable: true, description: "A service's code" }) service?: string,
  ) {
    return reports.reportSummary(await args(from, to, shipperId, courierId, service));
  }

  @Query(() => [ReportDay], { description: "One row for every day of the period, zeros included (same arguments as reportSummary)" })
  @Op("reports.read")
  async reportDaily(
    @Arg("from", () => String, { nullable: true, description: "YYYY-MM-DD" }) from?: string,
    @Arg("to", () => String, { nullable: true, description: "YYYY-MM-DD" }) to?: string,
    @Arg("shipperId", () => Int, { nullable: true }) shipperId?: number,
    @Arg("courierId", () => Int, { nullable: true }) courierId?: number,
    @Arg("service", () => String, { nullable: true, description: "A service's code" }) service?: string,
  ) {
    return reports.reportDaily(await args(from, to, shipperId, courierId, service));
  }
}
