/**
 * A list screen's filters and page, kept in the address (?status=waiting&page=2): a reload, a shared
 * link or the Back button shows the same rows.
 */
import type { TablePaginationConfig } from 'antd';
import { useSearchParams } from 'react-router';

const DEFAULT_PAGE_SIZE = 20;

export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? undefined])) as Record<K, string | undefined>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Math.max(1, Number(params.get('pageSize')) || DEFAULT_PAGE_SIZE);

  /** New filters start again at page 1; an empty value drops the filter. */
  const setFilters = (next: Partial<Record<K, string | undefined>>) => {
    const updated = new URLSearchParams(params);
    for (const key of keys) {
      const value = next[key]?.trim();
      if (value) updated.set(key, value);
      else updated.delete(key);
    }
    updated.delete('page');
    setParams(updated);
  };
  const setPage = (nextPage: number, nextPageSize: number) => {
    const updated = new URLSearchParams(params);
    updated.set('page', String(nextPageSize !== pageSize ? 1 : nextPage));
    updated.set('pageSize', String(nextPageSize));
    setParams(updated);
  };
  return { filters, page, pageSize, setFilters, setPage };
}

/** antd Table pagination for rows the server pages. */
export function serverPagination(total: number | undefined, page: number, pageSize: number, onChange: (page: number, pageSize: number) => void): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total: total ?? 0,
    onChange,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (count, [from, to]) => `${from}–${to} of ${count}`,
  };
}
