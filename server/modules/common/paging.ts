import { ArgsType, Field, Int, ObjectType, type ClassType } from "type-graphql";
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from "class-validator";
import { StorableText } from "../../core/validation.js";

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
  @MaxLength(300, { message: "search must be at most 300 characters" })
  @StorableText()
  search?: string;
}

export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  next_page_url: string | null;
}

/** Runs a count and a page query and shapes the contract's paged list. */
export async function paged<T>(
  basePath: string,
  args: PageArgs,
  count: () => Promise<number>,
  rows: (skip: number, take: number) => Promise<T[]>,
  filters: Record<string, string | number | undefined> = {},
): Promise<Paged<T>> {
  const page = args.page ?? 1;
  const per = args.per_page ?? DEFAULT_PER_PAGE;
  const [total, data] = await Promise.all([count(), rows((page - 1) * per, per)]);
  const last = Math.max(1, Math.ceil(total / per));
  let next: string | null = null;
  if (page < last) {
    const q = new URLSearchParams({ page: String(page + 1), per_page: String(per) });
    if (args.search) q.set("search", args.search);
    for (const [k, v] of Object.entries(filters)) if (v !== undefined) q.set(k, String(v));
    next = `${basePath}?${q}`;
  }
  return { data, current_page: page, last_page: last, per_page: per, total, next_page_url: next };
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
