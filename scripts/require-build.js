// Preloaded (`node --require ./scripts/require-build.js <dist entry>`) by the npm scripts that run
// compiled code, so that before `npm run build` the user reads what to do instead of Node's
// "Cannot find module" and its stack.
const { existsSync } = require('node:fs');

const entry = process.argv[1];
if (!existsSync(entry)) {
  process.stderr.write(`${entry} is not built yet: run \`npm run build\` first.\n`);
  process.exit(1);
}
