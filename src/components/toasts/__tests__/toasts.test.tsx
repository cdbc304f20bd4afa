import React from "react";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "react-toastify";
import Toasts from "../toasts";

// The error toast as a visitor meets it: there until they close it, closed by its French button.

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => toast.dismiss());
  jest.useRealTimers();
});

it("keeps an error on screen, however long it is read, until its close button is used", async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<Toasts />);
  act(() => {
    toast.error("Service momentanément indisponible");
  });
  expect(await screen.findByRole("alert")).toHaveTextContent("Service momentanément indisponible");

  act(() => jest.advanceTimersByTime(5 * 60_000));
  expect(screen.getByRole("alert")).toHaveTextContent("Service momentanément indisponible");

  await user.click(screen.getByRole("button", { name: "Fermer la notification" }));
  act(() => jest.advanceTimersByTime(2_000));
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});
