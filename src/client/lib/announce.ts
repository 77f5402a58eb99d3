/** Spec section 9: the screen-reader announcement element is removed after 1 second. */
export const ANNOUNCEMENT_TTL_MS = 1000;

/** Reads a message to screen-reader users without moving focus. */
export function announce(message: string, politeness: 'polite' | 'assertive' = 'polite'): void {
  const element = document.createElement('div');
  element.setAttribute('role', 'status');
  element.setAttribute('aria-live', politeness);
  element.setAttribute('aria-atomic', 'true');
  element.className = 'sr-only';
  document.body.appendChild(element);
  // Set after insertion so assistive technology notices the change.
  setTimeout(() => {
    element.textContent = message;
  }, 0);
  setTimeout(() => element.remove(), ANNOUNCEMENT_TTL_MS);
}
