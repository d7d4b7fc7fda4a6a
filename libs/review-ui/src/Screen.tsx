import { type ReactNode } from 'react';
import { MfeRoot, usePageTitle } from '@pupitre/ui';

/** Every screen of a micro-frontend: its root element, build marker and page title. */
export function Screen({ name, version, title, children }: { name: string; version: string; title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <MfeRoot name={name} version={version}>
      {children}
    </MfeRoot>
  );
}
