// `npm run audit`: the production dependencies audited for high and critical advisories
// (scripts/lib/audit.mjs says what each outcome means). AUDIT_REQUIRED=1 fails when the registry
// does not answer the audit endpoint (CI against a registry that does).
import { ROOT } from './lib/bootstrap.mjs';
import { runAudit } from './lib/audit.mjs';

const outcome = runAudit({ cwd: ROOT });
(outcome.ok ? console.log : console.error)(outcome.lines.join('\n'));
process.exit(outcome.ok ? 0 : 1);
