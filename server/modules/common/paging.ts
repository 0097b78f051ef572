import { ArgsType, Field, Int, ObjectType, type ClassType } from "type-graphql";
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from "class-validator";
import { StorableText } from "../../core/validation.js";
import { MAX_TEXT } from "../../../shared/core/lengths.codes.js";

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/** page and per_page, for every paged list. */
@ArgsType()
export class PagingArgs {
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt({ message: "page must be a whole number" })
  @Min(1, { message: "page must be at least 1" })
  @Max(1_000_000, { message: "page must be at most 1000000" })
  page?: number;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt({ message: "per_page must be a whole number" })
  @Min(1, { message: "per_page must be at least 1" })
  @Max(MAX_PER_PAGE, { message: `per_page must be at most ${MAX_PER_PAGE}` })
  per_page?: number;
}

@ArgsType()
export class PageArgs extends PagingArgs {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: "search must be text" })
  @MaxLength(MAX_TEXT, { message: `search must be at most ${MAX_TEXT} characters` })
  @StorableText()
  search?: string;
}

/** A paged list's period (the audit log, the COD ledger): from and to, each a date or a date-time. */
@ArgsType()
export class PeriodArgs extends PagingArgs {
  @Field(() => String, { nullable: true, description: "From this moment on: an ISO 8601 date (from its start, UTC) or date-time" })
  @IsOptional()
  @IsString({ message: "from must be text" })
  @IsISO8601({ strict: true }, { message: "from must be an ISO 8601 date or date-time" })
  from?: string;

  @Field(() => String, { nullable: true, description: "Up to this moment: an ISO 8601 date (to its end, UTC) or date-time" })
  @IsOptional()
  @IsString({ message: "to must be text" })
  @IsISO8601({ strict: true }, { message: "to must be an ISO 8601 date or date-time" })
  to?: string;
}

/** A list's REST query: its filters (`Base`), and `format=csv` for the whole filtered list as a file. */
export function CsvQuery<T extends ClassType<PagingArgs>>(Base: T) {
  @ArgsType()
  class WithFormat extends Base {
    @Field(() => String, { nullable: true, description: "json (default) or csv" })
    @IsOptional()
    @IsIn(["json", "csv"], { message: "format must be json or csv" })
    format?: string;
  }
  return WithFormat;
}

/** One page of a list, as a service returns it. */
export interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** A page as both doors answer it: with the REST address of the next page (GraphQL carries the same link). */
export interface Paged<T> extends Page<T> {
  next_page_url: string | null;
}

/** Runs a count and a page query: one page of a list. */
export async function pageOf<T>(args: PagingArgs, count: () => Promise<number>, rows: (skip: number, take: number) => Promise<T[]>): Promise<Page<T>> {
  const page = args.page ?? 1;
  const per = args.per_page ?? DEFAULT_PER_PAGE;
  const [total, data] = await Promise.all([count(), rows((page - 1) * per, per)]);
  return { data, current_page: page, last_page: Math.max(1, Math.ceil(total / per)), per_page: per, total };
}

type Query = Record<string, string | number | undefined>;

/**
 * How a list links its next page, declared once beside its arguments and used by both doors: the
 * REST path (under /api), then page, per_page and the list's query (by default its search; values
 * left out when absent). next_page_url is null on the last page.
 */
export function pageLink<A extends PagingArgs>(
  path: string | ((args: A) => string),
  query: (args: A) => Query = (a) => ({ search: (a as PageArgs).search || undefined }),
) {
  return <T>(page: Page<T>, args: A): Paged<T> => {
    let next: string | null = null;
    if (page.current_page < page.last_page) {
      const q = new URLSearchParams({ page: String(page.current_page + 1), per_page: String(page.per_page) });
      for (const [k, v] of Object.entries(query(args))) if (v !== undefined) q.set(k, String(v));
      next = `${typeof path === "string" ? path : path(args)}?${q}`;
    }
    return { ...page, next_page_url: next };
  };
}

/** A GraphQL object type for a paged list of T. */
export function PagedType<T extends object>(item: ClassType<T>, name: string) {
  @ObjectType(name)
  class PagedClass {
    @Field(() => [item]) data: T[];
    @Field(() => Int) current_page: number;
    @Field(() => Int) last_page: number;
    @Field(() => Int) per_page: number;
    @Field(() => Int) total: number;
    @Field(() => String, { nullable: true }) next_page_url: string | null;
  }
  return PagedClass;
}
