import { createStore, Provider } from "jotai";
import { queryClientAtom } from "jotai-tanstack-query";
import React, { useState } from "react";
import { createQueryClient } from "./lib/query-client";

/**
 * One jotai store per render tree: jotai's default store would be shared between the pages
 * Gatsby renders on the server, leaking one visitor's state into another page's HTML.
 */
export default function RootElement({ children }: { children: React.ReactNode }) {
  const [store] = useState(() => {
    const created = createStore();
    created.set(queryClientAtom, createQueryClient());
    return created;
  });
  return <Provider store={store}>{children}</Provider>;
}
