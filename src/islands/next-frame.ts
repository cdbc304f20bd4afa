/** Resolves once the browser has drawn a frame, so that what changes next is its own frame. */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
