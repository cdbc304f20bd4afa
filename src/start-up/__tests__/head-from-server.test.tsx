import React, { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import * as Real from "react-helmet-async";
import * as StandIn from "../head-from-server";

// The production bundles hydrate with the stand-ins the HTML rendered with react-helmet-async:
// the tree must match, and the head the server wrote must stay as it is.

function page(helmet: typeof Real | typeof StandIn, serverContext?: object) {
  const { Helmet, HelmetProvider } = helmet;
  return (
    <HelmetProvider context={serverContext}>
      <main>
        <Helmet>
          <title>Mentions légales | Hestia Recouvrement</title>
          <meta name="description" content="Éditeur du site" />
        </Helmet>
        <h1>Mentions légales</h1>
      </main>
    </HelmetProvider>
  );
}

// react-helmet-async writes the head in an animation frame callback; callbacks run in the order
// they were asked for, so one asked for after the render's runs after the head's would have.
const nextFrames = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );

it("hydrates the server's HTML without a mismatch and leaves the server's head alone", async () => {
  const container = document.createElement("div");
  container.innerHTML = renderToString(page(Real, {}));
  const serverHtml = container.innerHTML;
  // In jsdom, react-helmet-async's server render also schedules a head update: let it pass.
  await act(nextFrames);
  document.head.innerHTML = '<title data-rh="true">Titre du serveur</title>';
  document.body.append(container);
  const onRecoverableError = jest.fn();

  await act(async () => {
    hydrateRoot(container, page(StandIn), { onRecoverableError });
  });
  await act(nextFrames);

  expect(onRecoverableError).not.toHaveBeenCalled();
  expect(container.innerHTML).toBe(serverHtml);
  expect(document.title).toBe("Titre du serveur");
  expect(document.head.querySelector('meta[name="description"]')).toBeNull();
});
