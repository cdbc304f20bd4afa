// jsdom draws no frames: tests of scripts that wait for one install this stand-in, whose
// requestAnimationFrame keeps each callback until the test draws a frame.

let frames: FrameRequestCallback[] = [];

/** Holds every requestAnimationFrame callback until `drawFrame()`. Call in `beforeEach`. */
export function holdFrames(): void {
  frames = [];
  jest
    .spyOn(window, "requestAnimationFrame")
    .mockImplementation((callback) => frames.push(callback));
}

/** Lets the tasks already queued run, as the browser would before its next frame. */
export const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The browser draws a frame; what the script then does before the next one has run. */
export async function drawFrame(): Promise<void> {
  const due = frames;
  frames = [];
  for (const callback of due) callback(performance.now());
  await settled();
}
