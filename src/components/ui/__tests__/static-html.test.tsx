import { fireEvent, render, screen } from "@testing-library/react";
import React, { act, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { beginFirstHydration, endFirstHydration } from "../../../lib/first-hydration";
import StaticHtml from "../static-html";

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
      <StaticHtml>
        <Figures where={where} />
      </StaticHtml>
      <Counter />
    </div>
  );
}

const roots: Root[] = [];

/** Server-renders `Page`, then hydrates that HTML with the client's tree. */
async function hydrate(client: React.ReactElement, { first }: { first: boolean }): Promise<void> {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Page where="server" />);
  document.body.append(container);
  if (first) beginFirstHydration();
  try {
    await act(async () => {
      roots.push(hydrateRoot(container, client, { onRecoverableError: () => {} }));
    });
  } finally {
    if (first) endFirstHydration();
  }
}

afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()));
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

it("loses nothing when a mismatch elsewhere makes React render the page again", async () => {
  // A heading that differs from the server's makes React drop the server DOM and client-render
  // (and say so on the console).
  jest.spyOn(console, "error").mockImplementation(() => {});
  await hydrate(<Page where="client" heading="Autre titre" />, { first: true });

  expect(screen.getByRole("heading", { name: "Autre titre" })).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Nos résultats" })).toBeInTheDocument();
  expect(screen.getByText(/^Rendu : (server|client)$/)).toBeInTheDocument();
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
