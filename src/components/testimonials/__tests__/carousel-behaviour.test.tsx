import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { landingCopy, testimonials } from "../../../test-utils/fixtures";
import { mockMatchMedia, removeMatchMedia } from "../../../test-utils/match-media";
import { enhanceCarousel, rotationDelayMs } from "../carousel-behaviour";
import TestimonialCarousel from "../testimonial-carousel";

// Production pages run the script over the server's HTML with no React on the page: these tests
// do the same, where testimonial-carousel.test.tsx goes through the component.

const pauseLabel = "Mettre en pause le défilement des témoignages";
const resumeLabel = "Reprendre le défilement des témoignages";
const cleanups: (() => void)[] = [];

/** The carousel as the server sends it: HTML, no React, no listener. */
function serveCarousel() {
  document.body.innerHTML = renderToStaticMarkup(
    <TestimonialCarousel title={landingCopy.testimonials.title} testimonials={testimonials} />,
  );
  return screen.getByRole("group", { name: "Témoignages de clients" });
}

function enhance(root: HTMLElement) {
  const cleanup = enhanceCarousel(root);
  cleanups.push(cleanup);
  return cleanup;
}

function shownSlide() {
  const slides = screen.getAllByRole("group", { name: /^\d+ sur \d+$/ });
  expect(slides).toHaveLength(1);
  return slides[0];
}

function dot(position: number) {
  return screen.getByRole("button", {
    name: `Afficher le témoignage ${position} sur ${testimonials.length}`,
  });
}

function liveRegion() {
  return shownSlide()?.parentElement;
}

function advance(ms: number) {
  jest.advanceTimersByTime(ms);
}

beforeEach(() => {
  jest.useFakeTimers();
  mockMatchMedia({ reducedMotion: false });
});

afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  document.body.innerHTML = "";
  jest.useRealTimers();
  removeMatchMedia();
});

describe("the carousel's server HTML", () => {
  it("shows the first testimonial and the controls of a rotation under way", () => {
    serveCarousel();
    expect(shownSlide()).toHaveAccessibleName(`1 sur ${testimonials.length}`);
    expect(screen.getByRole("button", { name: pauseLabel })).toBeInTheDocument();
    expect(dot(1)).toHaveAttribute("aria-current", "true");
  });
});

describe("enhanceCarousel", () => {
  it("rotates the server's HTML every 5 s, looping, with no React on the page", () => {
    enhance(serveCarousel());
    expect(rotationDelayMs).toBe(5000);
    expect(liveRegion()).toHaveAttribute("aria-live", "off");
    advance(4999);
    expect(shownSlide()).toHaveAccessibleName("1 sur 3");
    advance(1);
    expect(shownSlide()).toHaveAccessibleName("2 sur 3");
    expect(dot(2)).toHaveAttribute("aria-current", "true");
    expect(dot(1)).not.toHaveAttribute("aria-current");
    advance(10000);
    expect(shownSlide()).toHaveAccessibleName("1 sur 3");
  });

  it("pauses and resumes from its button, and says so to assistive technology", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    enhance(serveCarousel());
    await user.click(screen.getByRole("button", { name: pauseLabel }));
    expect(liveRegion()).toHaveAttribute("aria-live", "polite");
    await user.click(document.body);
    advance(20000);
    expect(shownSlide()).toHaveAccessibleName("1 sur 3");
    // From the keyboard, so that no pointer rests on the carousel. Focus stays on the button:
    // rotation goes on all the same, as the visitor asked.
    screen.getByRole("button", { name: resumeLabel }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: pauseLabel })).toHaveFocus();
    expect(liveRegion()).toHaveAttribute("aria-live", "off");
    advance(5000);
    expect(shownSlide()).toHaveAccessibleName("2 sur 3");
  });

  it("keeps its pace while focus moves inside a rotation the visitor started", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    enhance(serveCarousel());
    await user.click(screen.getByRole("button", { name: pauseLabel }));
    await user.click(document.body);
    screen.getByRole("button", { name: resumeLabel }).focus();
    await user.keyboard("{Enter}");
    advance(3000);
    await user.tab();
    expect(dot(1)).toHaveFocus();
    advance(2000);
    expect(shownSlide()).toHaveAccessibleName("2 sur 3");
  });

  it("shows the testimonial picked with a dot", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    enhance(serveCarousel());
    await user.click(dot(3));
    expect(shownSlide()).toHaveAccessibleName("3 sur 3");
    expect(dot(3)).toHaveAttribute("aria-current", "true");
  });

  it("offers to start rather than to pause under reduced motion, and stays still", () => {
    mockMatchMedia({ reducedMotion: true });
    enhance(serveCarousel());
    expect(screen.getByRole("button", { name: resumeLabel })).toBeInTheDocument();
    expect(liveRegion()).toHaveAttribute("aria-live", "polite");
    advance(60000);
    expect(shownSlide()).toHaveAccessibleName("1 sur 3");
  });

  it("waits when focus reached the carousel before the script did", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const root = serveCarousel();
    dot(2).focus();
    enhance(root);
    advance(20000);
    expect(shownSlide()).toHaveAccessibleName("1 sur 3");
    await user.click(document.body);
    advance(5000);
    expect(shownSlide()).toHaveAccessibleName("2 sur 3");
  });

  it("cleans up: no timer left, the controls no longer answer, the HTML stays as it was", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const cleanup = enhance(serveCarousel());
    advance(5000);
    cleanup();
    expect(jest.getTimerCount()).toBe(0);
    await user.click(dot(3));
    await user.click(screen.getByRole("button", { name: pauseLabel }));
    advance(20000);
    expect(shownSlide()).toHaveAccessibleName("2 sur 3");
    expect(screen.getByRole("button", { name: pauseLabel })).toBeInTheDocument();
  });

  it("refuses markup it does not know rather than sit still", () => {
    document.body.innerHTML = `<div data-carousel><div data-slide></div></div>`;
    expect(() => enhanceCarousel(document.body)).toThrow("The carousel has no [data-slides]");
  });
});
