// What the front ends may use of react-router: its declarative, client-side API. The shell provides
// this module as the `react-router` shared singleton instead of the whole package (Module
// Federation cannot tree-shake a shared module, and the package also carries its server, SSR and
// RSC runtimes: ~64 KB gzip). A screen that needs another export adds it here; a build that
// imports an export missing here fails at compile time, never at run time.
export {
  BrowserRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  useParams,
  useNavigate,
  useLocation,
  useSearchParams,
  useHref,
  useMatch,
  generatePath,
  matchPath,
  createSearchParams,
} from '@pupitre-full/react-router';
