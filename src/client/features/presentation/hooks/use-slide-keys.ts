import { useEffect } from 'react';

interface SlideKeyActions {
  next: () => void;
  previous: () => void;
  first: () => void;
  last: () => void;
  toggleFullscreen: () => void;
  toggleNotes: () => void;
}

/** Typing in a field (the assessment picker, the logo input) must never turn the slides. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Space on a focused button or link activates it; the deck must not also move. */
function isActivationKey(event: KeyboardEvent): boolean {
  return (event.key === ' ' || event.key === 'Enter') && event.target instanceof HTMLElement && ['BUTTON', 'A'].includes(event.target.tagName);
}

/**
 * Presenter keys: → ↓ PageDown Space next; ← ↑ PageUp Shift+Space back; Home End; F full screen;
 * N notes. Esc leaves full screen (the browser does it; the deck follows `fullscreenchange`).
 */
export function useSlideKeys(actions: SlideKeyActions, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    function onKey(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target) || isActivationKey(event)) return;
      const map: Record<string, (() => void) | undefined> = {
        ArrowRight: actions.next,
        ArrowDown: actions.next,
        PageDown: actions.next,
        ArrowLeft: actions.previous,
        ArrowUp: actions.previous,
        PageUp: actions.previous,
        Home: actions.first,
        End: actions.last,
        f: actions.toggleFullscreen,
        F: actions.toggleFullscreen,
        n: actions.toggleNotes,
        N: actions.toggleNotes,
        ' ': event.shiftKey ? actions.previous : actions.next,
      };
      const action = map[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions, enabled]);
}
