import { type ReactNode } from 'react';
import { MfeRoot, usePageTitle } from '@pupitre/ui';
import { MFE_NAME, MFE_VERSION } from '../version';

/** Every screen of this micro-frontend: its root element, version marker and page title. */
export function Screen({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <MfeRoot name={MFE_NAME} version={MFE_VERSION}>
      {children}
    </MfeRoot>
  );
}
