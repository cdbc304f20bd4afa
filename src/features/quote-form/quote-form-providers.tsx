import { createStore, Provider } from "jotai";
import { queryClientAtom } from "jotai-tanstack-query";
import React, { useState } from "react";
import Toasts from "../../components/toasts/toasts";
import { createQueryClient } from "../../lib/query-client";

/** The form's own jotai store, holding the query client that runs its submissions. */
export function createQuoteFormStore() {
  const store = createStore();
  store.set(queryClientAtom, createQueryClient());
  return store;
}

/**
 * What the form needs at run time, loaded with it rather than with every page: a jotai store of
 * its own holding the query client, and the container of the error toasts its API client shows.
 * The store is made per render tree: jotai's default store would be shared between the pages
 * Gatsby renders on the server, leaking one visitor's state into another page's HTML.
 */
export default function QuoteFormProviders({ children }: { children: React.ReactNode }) {
  const [store] = useState(createQuoteFormStore);
  return (
    <Provider store={store}>
      {children}
      <Toasts />
    </Provider>
  );
}
