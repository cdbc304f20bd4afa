import { QueryClient } from "@tanstack/query-core";

// The API client's caching rules (specification §7), as the query client's defaults:
// unused data kept 60 s; no refetch on window focus, on reconnect, on mount or when a query's
// arguments come back to cached ones; no polling. Mutations are never retried: a retry is the
// visitor's choice, and it reuses the same Idempotency-Key.
export const unusedDataRetentionMs = 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

/**
 * Invalidation waits for pending requests: a request in flight is never cancelled; once it has
 * finished, the queries are marked stale and refetched, so data fetched before the change that
 * called for invalidation is not kept as fresh. (TanStack's `cancelRefetch: false` alone would
 * reuse the pending request and forget the invalidation.)
 */
export async function invalidateAfterPending(client: QueryClient, queryKey: readonly unknown[]) {
  const pending = client.getQueryCache().findAll({ queryKey, fetchStatus: "fetching" });
  await Promise.all(pending.map((query) => query.promise?.catch(() => undefined)));
  return client.invalidateQueries({ queryKey });
}
