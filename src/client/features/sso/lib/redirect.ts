/** Leaves CIFER for the identity provider: a full page load, since the provider's page is not ours. */
export function sendBrowserTo(url: string) {
  window.location.assign(url);
}
