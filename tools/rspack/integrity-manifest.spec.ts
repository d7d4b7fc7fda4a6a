import { integrityMap, integrityOf, withIntegrity } from './integrity-map.mjs';

describe("a remote's files' integrity in its manifest", () => {
  it('is the SRI value of the bytes served (sha384, base64)', () => {
    // The SHA-384 of nothing, as `openssl dgst -sha384 -binary </dev/null | base64` gives it.
    expect(integrityOf(Buffer.alloc(0))).toBe('sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb');
    expect(integrityOf(Buffer.from('a'))).not.toBe(integrityOf(Buffer.from('b')));
  });
  it('lists the scripts and styles, by file name, sorted; nothing else', () => {
    const map = integrityMap([
      { name: 'remoteEntry.js', bytes: Buffer.from('entry') },
      { name: 'route-ranking.1.css', bytes: Buffer.from('css') },
      { name: '103.2.js', bytes: Buffer.from('chunk') },
      { name: 'index.html', bytes: Buffer.from('<html>') },
      { name: 'assets/logo.3.svg', bytes: Buffer.from('<svg>') },
      { name: 'mf-stats.json', bytes: Buffer.from('{}') },
    ]);
    expect(Object.keys(map)).toEqual(['103.2.js', 'remoteEntry.js', 'route-ranking.1.css']);
    expect(map['remoteEntry.js']).toBe(integrityOf(Buffer.from('entry')));
  });
  it('goes under `pupitre`, beside the route declarations', () => {
    const manifest = { id: 'community', pupitre: { version: '1.0.0', routes: [] } };
    expect(withIntegrity(manifest, { 'a.js': 'sha384-x' })).toEqual({
      id: 'community',
      pupitre: { version: '1.0.0', routes: [], integrity: { 'a.js': 'sha384-x' } },
    });
  });
});
