import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { configureApiClient } from '@pupitre/api-client';
import { showPopup } from '@pupitre/ui';

/** Hands the request helper the shell's router and popup area (one place for every remote). */
export function ApiWiring() {
  const navigate = useNavigate();
  useEffect(() => {
    configureApiClient({
      navigate: (path) => void navigate(path),
      notify: (key) => showPopup(key),
      currentPath: () => window.location.pathname,
    });
  }, [navigate]);
  return null;
}
