/** Page and size of a list request (`pageQuery` in the shared contracts). */
export interface PageArgs {
  page: number;
  per_page: number;
}

/** One page in the shape of the `paginated(...)` contracts. */
export function pageOf<T>(list: T[], total: number, args: PageArgs) {
  return {
    list,
    total,
    page: args.page,
    per_page: args.per_page,
    has_more: args.page * args.per_page < total,
  };
}

/** One page of a list already whole in memory. */
export function slicePage<T>(all: T[], args: PageArgs) {
  return pageOf(all.slice((args.page - 1) * args.per_page, args.page * args.per_page), all.length, args);
}

/** Rows to skip for a page. */
export const offsetOf = (args: PageArgs) => (args.page - 1) * args.per_page;
