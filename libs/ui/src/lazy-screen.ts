// A page's screen in a chunk of its own: a remote's `routes` module maps each path to one, so a
// page loads only its own screens (issue #16). Name the chunk after the path (see
// `routeChunkName` in tools/rspack/route-declarations.mjs, which fails the build otherwise):
//   '/teacher/:id': lazyScreen(() => import(/* webpackChunkName: "route-teacher-id" */ './TeacherPage'), 'TeacherPage')
// The build lists that chunk's files in the manifest and the shell preloads them with the
// remote's entry when the page is opened; `preload()` loads the screen's module, after which the
// screen renders at once (no "loading" frame: RemoteRoute shows it only then).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyScreen extends LazyExoticComponent<ComponentType> {
  preload(): Promise<void>;
  /** Whether its module is in (it then renders without suspending). */
  loaded(): boolean;
}

/** A thenable that answers at once: React reads a screen already loaded without suspending. */
function settled<T>(value: T): Promise<T> {
  return { then: (onFulfilled: (v: T) => unknown) => onFulfilled(value) } as unknown as Promise<T>;
}

export function lazyScreen<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K): LazyScreen {
  let screen: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        screen = module[name];
      },
      (error: unknown) => {
        loading = undefined; // asked again next time
        throw error;
      },
    ));
  const Lazy = lazy(() => (screen ? settled({ default: screen }) : preload().then(() => ({ default: screen! }))));
  return Object.assign(Lazy, { preload, loaded: () => screen !== undefined });
}

/** Loads a screen's module when it is a lazy one (see lazyScreen); anything else is ready. */
export function preloadScreen(screen: ComponentType): Promise<void> {
  const preload = (screen as Partial<LazyScreen>).preload;
  return typeof preload === 'function' ? preload() : Promise.resolve();
}

/** Whether a screen renders without suspending (not a lazy one, or one whose module is in). */
export function isScreenLoaded(screen: ComponentType): boolean {
  const loaded = (screen as Partial<LazyScreen>).loaded;
  return typeof loaded !== 'function' || loaded();
}

/** Loads every screen of a route map (tests, before rendering them). */
export async function preloadScreens(routes: Readonly<Record<string, ComponentType>>): Promise<void> {
  await Promise.all(Object.values(routes).map(preloadScreen));
}
