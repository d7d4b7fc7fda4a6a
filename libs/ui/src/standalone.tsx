import { Suspense, type ComponentType } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { Loading, StandaloneFrame } from './components';

/**
 * A micro-frontend on its own (its dev server or its own deployment): a router over its route map
 * inside the layout-less frame; unknown paths list the micro-frontend's own pages.
 */
export function StandaloneApp({ title, routes }: { title: string; routes: Readonly<Record<string, ComponentType>> }) {
  const paths = Object.keys(routes);
  return (
    <BrowserRouter>
      <StandaloneFrame title={title}>
        <Routes>
          {Object.entries(routes).map(([path, Screen]) => (
            <Route
              key={path}
              path={path}
              element={
                <Suspense fallback={<Loading />}>
                  <Screen />
                </Suspense>
              }
            />
          ))}
          <Route
            path="*"
            element={
              <nav aria-label={title}>
                <ul>
                  {paths.map((path) => (
                    <li key={path}>
                      <Link to={path.replace(/:([a-z]+)/gi, '1')}>{path}</Link>
                    </li>
                  ))}
                </ul>
              </nav>
            }
          />
        </Routes>
      </StandaloneFrame>
    </BrowserRouter>
  );
}
