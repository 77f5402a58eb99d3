import { lazy, type ComponentType } from 'react';

/**
 * A module loaded on demand, started once (again after a failure, as a fresh `import()` would be),
 * whose value is at hand once it has arrived.
 */
interface LazyModule<M> {
  load(): Promise<M>;
  readonly loaded: M | undefined;
}

export function lazyModule<M>(importModule: () => Promise<M>): LazyModule<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load: () =>
      (loading ??= importModule().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    get loaded() {
      return loaded;
    },
  };
}

/**
 * `React.lazy` over `module`, which renders at once when the module has already arrived (started
 * early by a preload, ADR 126) instead of suspending for a tick: React holds back the reveal of a
 * suspended boundary until 300 ms after the last fallback it showed, so each needless suspension
 * on the way to a page can cost up to that much. React reads a thenable that calls back at once as
 * resolved; a module still on its way suspends as before.
 */
export function lazyComponent<M, K extends keyof M, P = M[K] extends ComponentType<infer Props> ? Props : never>(module: LazyModule<M>, name: K) {
  const pick = (loaded: M) => ({ default: loaded[name] as ComponentType<P> });
  return lazy(() => {
    const loaded = module.loaded;
    if (loaded === undefined) return module.load().then(pick);
    const settled = { then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve(pick(loaded)) };
    return settled as unknown as Promise<{ default: ComponentType<P> }>;
  });
}
