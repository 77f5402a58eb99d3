import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppQueryClient } from './app/app-query-client.ts';
import { preloadPresentationDirect } from './app/preload-presentation.ts';
import { currentUserQueryOptions, hasSessionHint } from './lib/current-user.ts';
import { reportUncaughtErrors } from './lib/uncaught-errors.ts';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// Errors outside rendering reach the server too (the error screen reports the rest).
reportUncaughtErrors();
// Before the first render, not after it (ADR 126): the session check (`createAppQueryClient`), which
// every page waits for and the server answers in a moment; then, for /presentation opened directly,
// the gate's status and the page's code in parallel with it, and its report (ADR 125) once it has
// found a user.
const queryClient = createAppQueryClient();
if (window.location.pathname === '/presentation' && hasSessionHint()) {
  // Joins the session check just started (same query); a failed one counts as no user.
  const sessionChecked = queryClient.fetchQuery(currentUserQueryOptions()).catch(() => null);
  preloadPresentationDirect(window.location.search, sessionChecked);
}
// A transition, so React renders the shell in short slices instead of one long task (ADR 165).
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
