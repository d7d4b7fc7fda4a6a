// Testing Library's DOM matchers (toBeInTheDocument, ...) on jest's global `expect`; the unit-web
// setup (tools/jest/web-setup.cjs) installs them at run time.
import '@testing-library/jest-dom';
