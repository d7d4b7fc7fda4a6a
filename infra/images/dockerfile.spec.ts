import path from 'node:path';
import { ROOT } from '../local/lib/paths.mjs';
import { dockerfileUser, userOf } from './dockerfile.mjs';

describe('the user of a Dockerfile target', () => {
  it('is the last USER along the stages it is built from', () => {
    const text = 'FROM debian AS base\nUSER 0\nUSER 1000:1000\nFROM base AS app\nRUN true\nFROM app AS final\nCMD ["x"]\n';
    expect(userOf(text, 'final')).toBe('1000:1000');
    expect(userOf('FROM debian AS x\nRUN true\n', 'x')).toBeNull();
  });
  it('is 1000:1000 for the services, the composer and the renderers, and 101:101 for the static images', () => {
    for (const t of ['auth', 'rating-api', 'rating-worker'])
      expect(dockerfileUser(path.join(ROOT, 'infra/docker/node-service.Dockerfile'), t)).toBe('1000:1000');
    for (const t of ['composer', 'mfe-community-renderer', 'mfe-review-renderer', 'mfe-account-renderer'])
      expect(dockerfileUser(path.join(ROOT, 'infra/docker/node-front-server.Dockerfile'), t)).toBe('1000:1000');
    for (const t of ['shell', 'mfe-community', 'mfe-review', 'mfe-account'])
      expect(dockerfileUser(path.join(ROOT, 'infra/docker/static.Dockerfile'), t)).toBe('101:101');
  });
});
