// CSS Modules under jest: every class name maps to itself, so tests can query by class.
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : key) });
