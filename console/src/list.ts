import { reactive } from 'vue';
import { call, problem, type Answer, type Rec } from './api.ts';

/**
 * One server-side paged list: `fetchPage(page)` asks the API for that page (its own `offset` and
 * `limit` parameters, and whatever filters the page holds); nothing is paged or searched in the browser.
 */
export function pagedList(fetchPage: (page: number) => Promise<Answer<Rec[]>>) {
  const list = reactive({
    items: [] as Rec[],
    page: 1,
    totalPages: 0,
    totalRecords: 0,
    loading: false,
    error: null as string | null,
    async load(page = 1): Promise<void> {
      list.loading = true;
      list.error = null;
      try {
        const answer = await fetchPage(page);
        list.items = answer.response;
        list.page = answer.page;
        list.totalPages = answer.total_pages;
        list.totalRecords = answer.total_records;
      } catch (err) {
        list.error = problem(err);
        list.items = [];
      } finally {
        list.loading = false;
      }
    },
  });
  return list;
}

/** What `pagedList` gives: its page of items, where it is, and whether it is loading or failed. */
export type PagedList = ReturnType<typeof pagedList>;

export { call };
export const PAGE_SIZE = 20;
