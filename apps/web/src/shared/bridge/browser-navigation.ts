/**
 * The few browser navigations the bridge's fallbacks make, behind one object so tests can watch
 * them (jsdom's window.location cannot be replaced or spied on).
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  replace(url: string): void {
    window.location.replace(url);
  },
  back(): void {
    window.history.back();
  },
};
