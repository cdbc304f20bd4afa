import { QueryClient } from "@tanstack/query-core";

// The API client's caching rules (specification §7), as the query client's defaults:
// unused data kept 60 s; no refetch on window focus, on reconnect, on mount or when a query's
// arguments come back to cached ones; no polling. Mutations are never retried: a retry is the
// visitor's choice, and it reuses the same Idempotency-Key.
export const unusedDataRetentionMs = 60_000;

/**
 * TanStack's client, with one default changed: invalidation waits for pending requests. A
 * request in flight is never cancelled; once it has finished, the matching queries are marked
 * stale and refetched, so data fetched before the change that called for invalidation is not kept
 * as fresh. (`cancelRefetch: false` alone would join the pending request and drop the
 * invalidation.) The method is replaced on the instance rather than in a subclass: the site's
 * code is compiled for older browsers, and a compiled class cannot extend TanStack's native one.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: unusedDataRetentionMs,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  const invalidate = client.invalidateQueries.bind(client);
  client.invalidateQueries = async (filters, options) => {
    const pending = client.getQueryCache().findAll({ ...filters, fetchStatus: "fetching" });
    await Promise.all(pending.map((query) => query.promise?.catch(() => undefined)));
    return invalidate(filters, { cancelRefetch: false, ...options });
  };
  return client;
}
