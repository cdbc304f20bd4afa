import {
  focusManager,
  MutationObserver,
  onlineManager,
  QueryClient,
  QueryObserver,
  type QueryFunctionContext,
} from "@tanstack/query-core";
import { createQueryClient } from "../query-client";

// Each caching rule of the specification (§7) is shown with the query client the site uses,
// driven the way a component would drive it (a QueryObserver), under fake timers. Where the
// library's own defaults behave differently, a second table runs the same scenario with them,
// so each scenario is shown able to fail.

type Key = readonly [string, number];
type QueryFn = jest.Mock<Promise<string>, [QueryFunctionContext<Key>]>;

const cleanups: (() => void)[] = [];

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  focusManager.setFocused(undefined);
  onlineManager.setOnline(true);
  jest.useRealTimers();
});

/** Lets query-core's notifications (scheduled with setTimeout 0) and resolved promises run. */
const flush = () => jest.advanceTimersByTimeAsync(0);

function newClient(make: () => QueryClient): QueryClient {
  const client = make();
  client.mount();
  cleanups.push(() => {
    client.clear();
    client.unmount();
  });
  return client;
}

const answering = (): QueryFn => jest.fn(({ queryKey }) => Promise.resolve(`data ${queryKey[1]}`));

/** A component using the query: subscribes an observer, as useQuery does on mount. */
function observe(client: QueryClient, queryFn: QueryFn, queryKey: Key = ["quotes", 1]) {
  const observer = new QueryObserver(client, { queryKey, queryFn });
  const unsubscribe = observer.subscribe(() => undefined);
  cleanups.push(unsubscribe);
  return { observer, unsubscribe };
}

// Each scenario returns how many times the query function ran.
const scenarios = {
  "window focus": async (client: QueryClient) => {
    const queryFn = answering();
    observe(client, queryFn);
    await flush();
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await flush();
    return queryFn.mock.calls.length;
  },
  reconnect: async (client: QueryClient) => {
    const queryFn = answering();
    observe(client, queryFn);
    await flush();
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await flush();
    return queryFn.mock.calls.length;
  },
  "a second observer mounting": async (client: QueryClient) => {
    const queryFn = answering();
    observe(client, queryFn);
    await flush();
    observe(client, queryFn);
    await flush();
    return queryFn.mock.calls.length;
  },
  "remounting within 60 s": async (client: QueryClient) => {
    const queryFn = answering();
    const first = observe(client, queryFn);
    await flush();
    first.unsubscribe();
    await jest.advanceTimersByTimeAsync(30_000);
    observe(client, queryFn);
    await flush();
    return queryFn.mock.calls.length;
  },
  "an argument coming back to a cached one": async (client: QueryClient) => {
    const queryFn = answering();
    const { observer } = observe(client, queryFn, ["quotes", 1]);
    await flush();
    observer.setOptions({ queryKey: ["quotes", 2], queryFn });
    await flush();
    observer.setOptions({ queryKey: ["quotes", 1], queryFn });
    await flush();
    expect(observer.getCurrentResult().data).toBe("data 1");
    return queryFn.mock.calls.filter(([{ queryKey }]) => queryKey[1] === 1).length;
  },
  "10 minutes passing": async (client: QueryClient) => {
    const queryFn = answering();
    observe(client, queryFn);
    await flush();
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    return queryFn.mock.calls.length;
  },
};

type Scenario = keyof typeof scenarios;

describe("createQueryClient", () => {
  it.each(Object.keys(scenarios) as Scenario[])("does not refetch on %s", async (name) => {
    const client = newClient(createQueryClient);
    expect(await scenarios[name](client)).toBe(1);
  });

  describe("scenario check: the library's defaults do refetch", () => {
    it.each<Scenario>([
      "window focus",
      "reconnect",
      "a second observer mounting",
      "remounting within 60 s",
      "an argument coming back to a cached one",
    ])("on %s", async (name) => {
      const client = newClient(() => new QueryClient());
      expect(await scenarios[name](client)).toBe(2);
    });
  });

  async function unusedQueryLifetime(client: QueryClient) {
    const { unsubscribe } = observe(client, answering());
    await flush();
    unsubscribe();
    const cached = () => client.getQueryCache().find({ queryKey: ["quotes", 1] });
    await jest.advanceTimersByTimeAsync(59_000);
    const after59s = cached()?.state.data;
    await jest.advanceTimersByTimeAsync(1_000);
    return { after59s, after60s: cached()?.state.data };
  }

  it("keeps unused data 60 s, then removes it", async () => {
    const client = newClient(createQueryClient);
    expect(await unusedQueryLifetime(client)).toEqual({ after59s: "data 1", after60s: undefined });
  });

  it("scenario check: the library's default keeps it longer", async () => {
    const client = newClient(() => new QueryClient());
    expect(await unusedQueryLifetime(client)).toEqual({ after59s: "data 1", after60s: "data 1" });
  });

  it("keeps data in use longer than 60 s", async () => {
    const client = newClient(createQueryClient);
    observe(client, answering());
    await flush();
    await jest.advanceTimersByTimeAsync(5 * 60_000);
    expect(client.getQueryCache().find({ queryKey: ["quotes", 1] })?.state.data).toBe("data 1");
  });

  it("does not retry a failing mutation", async () => {
    const client = newClient(createQueryClient);
    const mutationFn = jest.fn(() => Promise.reject(new Error("refused")));
    const observer = new MutationObserver(client, { mutationFn });

    const outcome = observer.mutate().catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(10 * 60_000);

    expect(await outcome).toEqual(new Error("refused"));
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});

describe("invalidation while a request is pending", () => {
  /**
   * A query with data whose refetch is in flight: the first call answers at once, the second
   * waits for `answerSecond`, later ones answer at once.
   */
  async function withRefetchInFlight(client: QueryClient) {
    let answerSecond: (data: string) => void = () => undefined;
    const signals: AbortSignal[] = [];
    const queryFn: QueryFn = jest.fn(({ signal }) => {
      signals.push(signal);
      const call = signals.length;
      if (call !== 2) return Promise.resolve(`answer ${call}`);
      return new Promise<string>((resolve) => {
        answerSecond = resolve;
      });
    });
    const { observer } = observe(client, queryFn);
    await flush();
    void observer.refetch();
    await flush();
    expect(queryFn).toHaveBeenCalledTimes(2);
    return { observer, queryFn, signals, answerSecond: (data: string) => answerSecond(data) };
  }

  it("does not cancel the request in flight: it finishes and its data is shown", async () => {
    const client = newClient(createQueryClient);
    const { observer, queryFn, signals, answerSecond } = await withRefetchInFlight(client);

    const shown: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => shown.push(result.data));
    void client.invalidateQueries({ queryKey: ["quotes"] });
    await flush();

    expect(signals[1]?.aborted).toBe(false);
    // No second request runs beside the pending one.
    expect(queryFn).toHaveBeenCalledTimes(2);

    answerSecond("answer 2");
    await flush();
    expect(shown).toContain("answer 2");
    unsubscribe();
  });

  it("scenario check: TanStack's own default cancels the request in flight", async () => {
    const client = newClient(() => new QueryClient());
    const { signals } = await withRefetchInFlight(client);

    void client.invalidateQueries({ queryKey: ["quotes"] });
    await flush();

    expect(signals[1]?.aborted).toBe(true);
  });

  // Data fetched before the change that called for invalidation must not stay fresh.
  it("refetches once the pending request has finished", async () => {
    const client = newClient(createQueryClient);
    const { observer, queryFn, answerSecond } = await withRefetchInFlight(client);

    void client.invalidateQueries({ queryKey: ["quotes"] });
    await flush();
    answerSecond("answer 2");
    await flush();
    await flush();

    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(observer.getCurrentResult().data).toBe("answer 3");
  });
});
