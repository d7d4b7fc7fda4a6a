// After a full integration run: every row of reference/api-contract.md, each of its statuses
// (error bodies included), must have been hit by some test (libs/contracts/src/endpoints.ts;
// the hits are recorded by the request helper of @pupitre/server-kit/testing).
import fs from 'node:fs';
import { contractRows } from '../../libs/contracts/src/endpoints';

/** The contract rows no test hit (empty: complete), given the recorded hits file. */
export function missingContractRows(hitsFile: string): string[] {
  const hits = new Set(fs.existsSync(hitsFile) ? fs.readFileSync(hitsFile, 'utf8').split('\n').filter(Boolean) : []);
  return contractRows().filter((row) => !hits.has(row));
}
