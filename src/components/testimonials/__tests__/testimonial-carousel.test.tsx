import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import React from "react";
import type { Testimonial } from "../../../hooks/use-testimonials";
import { landingCopy, testimonials } from "../../../test-utils/fixtures";
import { mockMatchMedia, removeMatchMedia } from "../../../test-utils/match-media";
import TestimonialCarousel from "../testimonial-carousel";

const title = landingCopy.testimonials.title;
const pauseLabel = "Mettre en pause le défilement des témoignages";
const resumeLabel = "Reprendre le défilement des témoignages";

function makeTestimonials(count: number): Testimonial[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `testimonial-${index + 1}`,
    quote: `Citation numéro ${index + 1}.`,
    role: `Fonction numéro ${index + 1}`,
  }));
}

function showCarousel(items: readonly Testimonial[] = testimonials) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<TestimonialCarousel title={title} testimonials={items} />);
  return user;
}

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

/** The one testimonial on screen: hidden slides are out of the accessibility tree. */
function expectShowing(position: number, items: readonly Testimonial[] = testimonials) {
  const slides = screen.getAllByRole("group", { name: /^\d+ sur \d+$/ });
  expect(slides).toHaveLength(1);
  expect(slides[0]).toHaveAccessibleName(`${position} sur ${items.length}`);
  const shown = items[position - 1];
  expect(shown).toBeDefined();
  expect(slides[0]).toHaveTextContent(shown?.quote ?? "");
  expect(slides[0]).toHaveTextContent(shown?.role ?? "");
}

function carousel() {
  return screen.getByRole("group", { name: "Témoignages de clients" });
}

function dot(position: number, count = testimonials.length) {
  return screen.getByRole("button", { name: `Afficher le témoignage ${position} sur ${count}` });
}

// Clicking elsewhere on the page takes both the pointer and the focus out of the carousel.
async function leaveCarousel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(document.body);
}

beforeEach(() => {
  jest.useFakeTimers();
  mockMatchMedia({ reducedMotion: false });
});

afterEach(() => {
  jest.useRealTimers();
  removeMatchMedia();
});

describe("TestimonialCarousel", () => {
  it("is a region named by its title that shows the first testimonial", () => {
    showCarousel();
    expect(screen.getByRole("region", { name: title })).toBeInTheDocument();
    expectShowing(1);
    expect(screen.getByText(testimonials[0]?.quote ?? "")).toBeVisible();
    expect(screen.getByText(testimonials[1]?.quote ?? "")).not.toBeVisible();
  });

  it("advances to the second testimonial at exactly 5000 ms, not before", () => {
    showCarousel();
    advance(4999);
    expectShowing(1);
    advance(1);
    expectShowing(2);
  });

  it("loops from the last testimonial back to the first", () => {
    showCarousel();
    advance(5000);
    expectShowing(2);
    advance(5000);
    expectShowing(3);
    advance(5000);
    expectShowing(1);
  });

  it("pauses while hovered and resumes when the pointer leaves", async () => {
    const user = showCarousel();
    await user.hover(carousel());
    advance(10000);
    expectShowing(1);
    await user.unhover(carousel());
    advance(4999);
    expectShowing(1);
    advance(1);
    expectShowing(2);
  });

  it("pauses while focus is inside and resumes when it leaves", async () => {
    const user = showCarousel();
    act(() => dot(3).focus());
    advance(10000);
    expectShowing(1);
    await leaveCarousel(user);
    advance(5000);
    expectShowing(2);
  });

  it("stays paused while focus moves from one control to another inside", async () => {
    const user = showCarousel();
    act(() => dot(1).focus());
    await user.tab();
    expect(dot(2)).toHaveFocus();
    advance(10000);
    expectShowing(1);
  });

  it("has a pause button that stops the rotation and becomes a resume button", async () => {
    const user = showCarousel();
    await user.click(screen.getByRole("button", { name: pauseLabel }));
    expect(screen.getByRole("button", { name: resumeLabel })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: pauseLabel })).not.toBeInTheDocument();
    // Out of the carousel, only the visitor's choice keeps it still.
    await leaveCarousel(user);
    advance(20000);
    expectShowing(1);
  });

  it("resumes the rotation when the resume button is pressed", async () => {
    const user = showCarousel();
    await user.click(screen.getByRole("button", { name: pauseLabel }));
    await user.click(screen.getByRole("button", { name: resumeLabel }));
    expect(screen.getByRole("button", { name: pauseLabel })).toBeInTheDocument();
    await leaveCarousel(user);
    advance(5000);
    expectShowing(2);
  });

  it.each([1, 2, 3])(
    "has a dot that shows testimonial %i and marks it current",
    async (position) => {
      const user = showCarousel();
      await user.click(dot(position));
      expectShowing(position);
      for (const other of [1, 2, 3]) {
        if (other === position) expect(dot(other)).toHaveAttribute("aria-current", "true");
        else expect(dot(other)).not.toHaveAttribute("aria-current");
      }
    },
  );

  it("moves the current dot along with the rotation", () => {
    showCarousel();
    expect(dot(1)).toHaveAttribute("aria-current", "true");
    advance(5000);
    expect(dot(2)).toHaveAttribute("aria-current", "true");
    expect(dot(1)).not.toHaveAttribute("aria-current");
  });

  it("carries on from the testimonial picked with a dot", async () => {
    const user = showCarousel();
    await user.click(dot(3));
    await leaveCarousel(user);
    advance(5000);
    expectShowing(1);
  });

  describe("under reduced motion", () => {
    beforeEach(() => {
      mockMatchMedia({ reducedMotion: true });
    });

    it("never advances on its own", () => {
      showCarousel();
      advance(60000);
      expectShowing(1);
    });

    it("offers to start the rotation rather than to pause it", () => {
      showCarousel();
      expect(screen.getByRole("button", { name: resumeLabel })).toBeInTheDocument();
    });

    it("still lets the visitor pick a testimonial", async () => {
      const user = showCarousel();
      await user.click(dot(2));
      expectShowing(2);
      await leaveCarousel(user);
      advance(60000);
      expectShowing(2);
    });

    it("rotates once the visitor asks for it", async () => {
      const user = showCarousel();
      await user.click(screen.getByRole("button", { name: resumeLabel }));
      await leaveCarousel(user);
      advance(5000);
      expectShowing(2);
    });
  });

  it.each([2, 4])("loops over %i testimonials, with as many dots", (count) => {
    const items = makeTestimonials(count);
    showCarousel(items);
    expect(screen.getAllByRole("button", { name: /^Afficher le témoignage/ })).toHaveLength(count);
    expect(dot(count, count)).toBeInTheDocument();
    for (let position = 1; position <= count; position += 1) {
      expectShowing(position, items);
      advance(5000);
    }
    expectShowing(1, items);
  });

  it("keeps a single testimonial still", () => {
    const items = makeTestimonials(1);
    showCarousel(items);
    advance(20000);
    expectShowing(1, items);
  });

  it("starts again over a new list of testimonials, as when content is edited", () => {
    const { rerender } = render(<TestimonialCarousel title={title} testimonials={testimonials} />);
    advance(5000);
    expectShowing(2);
    const items = makeTestimonials(4);
    rerender(<TestimonialCarousel title={title} testimonials={items} />);
    expectShowing(1, items);
    expect(dot(1, 4)).toHaveAttribute("aria-current", "true");
    advance(5000);
    expectShowing(2, items);
  });

  it("leaves no timer behind once unmounted", () => {
    const { unmount } = render(<TestimonialCarousel title={title} testimonials={testimonials} />);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  it("shows nothing when content has no testimonial", () => {
    showCarousel([]);
    expect(screen.queryByRole("region", { name: title })).not.toBeInTheDocument();
  });
});
