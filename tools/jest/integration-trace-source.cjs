// Integration setup file (per test file): names the test file as the source of the database
// operations the services send while it runs (tools/jest/db-trace), in this process and in the
// bundles it starts (startNode passes the variable on).
/* global expect */
const path = require('node:path');

const { testPath } = expect.getState();
if (testPath) process.env.DB_TRACE_SOURCE = path.relative(path.resolve(__dirname, '../..'), testPath);
