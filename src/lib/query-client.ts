import { QueryClient } from "@tanstack/query-core";

// The caching rules of the API client (docs/product.md, "Caching rules of the query client"), as
// TanStack Query's defaults. The site sends one thing, the quote request, as a mutation
// (quote-form-atoms.ts): it is never retried (a retry is the visitor's choice, and reuses the
// same Idempotency-Key), and its answer is kept 60 s once nothing uses it. The site has no query
// yet; a query added later starts from the same rules: unused data kept 60 s, no refetch on window
// focus, on reconnect, on mount or when its arguments come back to cached ones, no polling.
// (Should one be invalidated while its request is pending, the rules want the invalidation to
// wait: pass `cancelRefetch: false` and refetch once the request has finished.)
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
      mutations: { gcTime: unusedDataRetentionMs, retry: false },
    },
  });
}
