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

/** Marks queries stale without cancelling a request in flight: it finishes, then they refetch. */
export function invalidateAfterPending(client: QueryClient, queryKey: readonly unknown[]) {
  return client.invalidateQueries({ queryKey }, { cancelRefetch: false });
}
