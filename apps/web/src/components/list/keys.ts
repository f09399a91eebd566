/**
 * Query keys of an area (react-query): one factory, so a mutation invalidates exactly the lists and details it
 * changes and a list page reloads when its key is invalidated.
 *
 *   const settlementKeys = queryKeys('settlements');
 *   useQuery({ queryKey: settlementKeys.detail(id), ... });
 *   queryClient.invalidateQueries({ queryKey: settlementKeys.lists() });
 */
export function queryKeys<const A extends string>(area: A) {
  return {
    all: [area] as const,
    lists: () => [area, 'list'] as const,
    list: (params: Record<string, unknown>) => [area, 'list', params] as const,
    details: () => [area, 'detail'] as const,
    detail: (id: string | number) => [area, 'detail', id] as const,
    /** Anything else of the area (a summary, a form's options): `[area, name, ...args]`. */
    other: (name: string, ...args: unknown[]) => [area, name, ...args] as const,
  };
}

export type QueryKeys = ReturnType<typeof queryKeys>;
