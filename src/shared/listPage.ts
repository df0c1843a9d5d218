/** One page of a newest-first list; `nextCursor` fetches the following page. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}
