import { fireEvent, render, screen } from "@testing-library/react";
import React, { act, Component, useEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { endFirstHydration, hydrateAsTransition } from "../first-load";
import KeepServerHtml from "../keep-server-html";

const clientRenders = jest.fn();

/** Static content that says where it was rendered, so keeping the server's HTML is visible. */
function Figures({ where }: { where: string }) {
  if (where === "client") clientRenders();
  return (
    <section>
      <h2>Nos résultats</h2>
      <p>Rendu : {where}</p>
    </section>
  );
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Cliqué {count} fois
    </button>
  );
}

function Page({ where, heading = "Accueil" }: { where: string; heading?: string }) {
  return (
    <div>
      <h1>{heading}</h1>
      <KeepServerHtml>
        <Figures where={where} />
      </KeepServerHtml>
      <Counter />
    </div>
  );
}

const unmounts: (() => void)[] = [];

/**
 * Server-renders `Page`, then hydrates that HTML with the client's tree: as the site's first
 * hydration does (gatsby-browser's renderer, until Gatsby reports the first render), or as a
 * plain later hydration.
 */
async function hydrate(client: React.ReactElement, { first }: { first: boolean }): Promise<void> {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Page where="server" />);
  document.body.append(container);
  await act(async () => {
    if (first) {
      unmounts.push(hydrateAsTransition()(client, container, { onRecoverableError: () => {} }));
    } else {
      const root = hydrateRoot(container, client, { onRecoverableError: () => {} });
      unmounts.push(() => root.unmount());
    }
  });
  if (first) endFirstHydration();
}

afterEach(() => {
  act(() => unmounts.splice(0).forEach((unmount) => unmount()));
  clientRenders.mockClear();
  jest.restoreAllMocks();
  document.body.innerHTML = "";
});

it("renders its children in a plain client render", () => {
  render(<Page where="client" />);
  expect(screen.getByText("Rendu : client")).toBeInTheDocument();
  expect(clientRenders).toHaveBeenCalled();
});

it("keeps the server's HTML while hydrating, and the rest of the page comes alive", async () => {
  const errors = jest.spyOn(console, "error").mockImplementation(() => {});
  await hydrate(<Page where="client" />, { first: true });

  expect(screen.getByRole("heading", { name: "Nos résultats" })).toBeInTheDocument();
  expect(screen.getByText("Rendu : server")).toBeInTheDocument();
  expect(clientRenders).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole("button"));
  expect(screen.getByRole("button")).toHaveTextContent("Cliqué 1 fois");
  expect(errors).not.toHaveBeenCalled();
});

it("renders its children when a mismatch elsewhere makes React render the page again", async () => {
  // A heading that differs from the server's makes React drop the server DOM and client-render
  // (and say so on the console); that render's ids are not the server's, so no holder is found.
  jest.spyOn(console, "error").mockImplementation(() => {});
  await hydrate(<Page where="client" heading="Autre titre" />, { first: true });

  expect(screen.getByRole("heading", { name: "Autre titre" })).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Nos résultats" })).toBeInTheDocument();
  expect(screen.getByText("Rendu : client")).toBeInTheDocument();
  expect(screen.queryByText("Rendu : server")).not.toBeInTheDocument();
});

it("keeps server HTML only during the first hydration", async () => {
  await hydrate(<Page where="client" />, { first: true });
  expect(clientRenders).not.toHaveBeenCalled();
  // Any later hydration (there is none on the site) renders the children like a client render,
  // which here differs from the server's HTML.
  jest.spyOn(console, "error").mockImplementation(() => {});
  await hydrate(<Page where="client" />, { first: false });
  expect(clientRenders).toHaveBeenCalled();
});

describe("outside production, behaviour placed inside it fails loudly", () => {
  function WithEffect() {
    useEffect(() => undefined, []);
    return <p>Effet</p>;
  }
  class Mounted extends Component {
    override componentDidMount() {}
    override render() {
      return <p>Monté</p>;
    }
  }

  it.each([
    [
      "an event handler",
      <button type="button" onClick={() => undefined}>
        Clic
      </button>,
      /<button> has an onClick handler/,
    ],
    ["an effect", <WithEffect />, /<WithEffect> has an effect/],
    ["componentDidMount", <Mounted />, /<Mounted> has componentDidMount/],
  ])("throws on %s", (_what, child, message) => {
    jest.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<KeepServerHtml>{child}</KeepServerHtml>)).toThrow(message);
  });

  it("accepts content without behaviour, however deep", () => {
    render(
      <KeepServerHtml>
        <article>
          <Figures where="client" />
        </article>
      </KeepServerHtml>,
    );
    expect(screen.getByRole("heading", { name: "Nos résultats" })).toBeInTheDocument();
  });
});
