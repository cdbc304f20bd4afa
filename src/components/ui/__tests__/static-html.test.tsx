import { fireEvent, render, screen } from "@testing-library/react";
import React, { act, useState } from "react";
import { hydrateRoot } from "react-dom/client";
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

/** Server-renders `Page`, then hydrates that HTML with the client's tree. */
async function hydrate(client: React.ReactElement): Promise<void> {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Page where="server" />);
  document.body.append(container);
  beginFirstHydration();
  await act(async () => {
    hydrateRoot(container, client, { onRecoverableError: () => {} });
  });
  endFirstHydration();
}

afterEach(() => {
  clientRenders.mockClear();
  document.body.innerHTML = "";
});

it("renders its children in a plain client render", () => {
  render(<Page where="client" />);
  expect(screen.getByText("Rendu : client")).toBeInTheDocument();
  expect(clientRenders).toHaveBeenCalled();
});

it("keeps the server's HTML while hydrating, and the rest of the page comes alive", async () => {
  const errors = jest.spyOn(console, "error").mockImplementation(() => {});
  await hydrate(<Page where="client" />);

  expect(screen.getByRole("heading", { name: "Nos résultats" })).toBeInTheDocument();
  expect(screen.getByText("Rendu : server")).toBeInTheDocument();
  expect(clientRenders).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole("button"));
  expect(screen.getByRole("button")).toHaveTextContent("Cliqué 1 fois");
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

it("loses nothing when a mismatch elsewhere makes React render the page again", async () => {
  // A heading that differs from the server's makes React drop the server DOM and client-render.
  await hydrate(<Page where="client" heading="Autre titre" />);

  expect(screen.getByRole("heading", { name: "Autre titre" })).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Nos résultats" })).toBeInTheDocument();
  expect(screen.getByText(/^Rendu : (server|client)$/)).toBeInTheDocument();
});

it("renders its children when mounted after the first hydration", async () => {
  await hydrate(<Page where="client" />);
  render(<Page where="client" />);
  expect(screen.getByText("Rendu : client")).toBeInTheDocument();
});
