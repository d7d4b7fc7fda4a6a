// Test helper: the account's routes as the shell mounts them (one <Route> per owned path, anything
// else "elsewhere"), and where the router is, for the screens' tests under any router.
import { Route, Routes, useLocation } from 'react-router';
import { preloadScreens } from '@pupitre/ui';
import routes from '../routes';

/** Loads every page's screen (lazyScreen chunks) before a test renders them. */
export const loadAccountScreens = () => preloadScreens(routes);

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

export function AccountRoutes() {
  return (
    <>
      <Routes>
        {Object.entries(routes).map(([path, Screen]) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
    </>
  );
}
