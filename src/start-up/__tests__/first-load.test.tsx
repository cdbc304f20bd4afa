import { screen } from "@testing-library/react";
import React, { act } from "react";
import { endFirstHydration, hydrateAsTransition, isFirstHydration } from "../first-load";

// The renderer gatsby-browser gives Gatsby (replaceHydrateFunction), called as Gatsby calls it.

const startPage = hydrateAsTransition();

function container(html: string): HTMLElement {
  const element = document.createElement("div");
  element.innerHTML = html;
  document.body.append(element);
  return element;
}

afterEach(() => {
  jest.restoreAllMocks();
  endFirstHydration();
  document.body.innerHTML = "";
});

it("hydrates the server's HTML, passing Gatsby's root options on to React", async () => {
  jest.spyOn(console, "error").mockImplementation(() => {});
  const onRecoverableError = jest.fn();
  const root = container("<p>Rendu par le serveur</p>");
  let unmount = () => {};
  await act(async () => {
    unmount = startPage(<p>Rendu dans le navigateur</p>, root, { onRecoverableError });
  });
  // The text differs from the server's: React says so through the option it was given.
  expect(onRecoverableError).toHaveBeenCalled();
  expect(screen.getByText("Rendu dans le navigateur")).toBeInTheDocument();
  act(() => unmount());
});

it("opens the first hydration until Gatsby reports the first render", async () => {
  const root = container("<p>Accueil</p>");
  await act(async () => {
    startPage(<p>Accueil</p>, root);
  });
  expect(isFirstHydration()).toBe(true);
  endFirstHydration();
  expect(isFirstHydration()).toBe(false);
});

it("returns the function that unmounts what it rendered, as Gatsby expects", async () => {
  const root = container("");
  let unmount = () => {};
  await act(async () => {
    unmount = startPage(<p>Sans HTML du serveur</p>, root);
  });
  expect(screen.getByText("Sans HTML du serveur")).toBeInTheDocument();
  expect(isFirstHydration()).toBe(false);
  act(() => unmount());
  expect(root).toBeEmptyDOMElement();
});
