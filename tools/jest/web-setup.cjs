// Setup of the `unit-web` jest project (jsdom + Testing Library).
require('@testing-library/jest-dom');

// jsdom has no TextEncoder/TextDecoder; react-router uses them at module load.
const util = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = util.TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = util.TextDecoder;
