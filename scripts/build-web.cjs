// `npm run build`'s second half: type-checks and bundles the web app (frontend/dist) only when
// what goes into it changed since the last bundle, so that `npm start` with nothing changed starts
// at once. The inputs: the app's and proto's sources, the build's configuration, the lockfile and
// the VITE_* variables. `--force` bundles anyway.
const { createHash } = require('node:crypto');
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const frontend = path.join(root, 'frontend');
const stampFile = path.join(frontend, 'dist', '.inputs-sha256');
const INPUTS = [
  'frontend/src',
  'frontend/public',
  'frontend/index.html',
  'frontend/vite.config.ts',
  'frontend/tsconfig.json',
  'frontend/package.json',
  'proto/src',
  'package-lock.json',
];

/** Every file under `relative`, sorted, so the hash does not depend on the order the disk lists them. */
function filesUnder(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(path.join(relative, name)));
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(process.env)
    .filter((n) => n.startsWith('VITE_'))
    .sort())
    hash.update(`${name}=${process.env[name]}\0`);
  return hash.digest('hex');
}

function run(command, args) {
  const { status, signal } = spawnSync(command, args, { cwd: frontend, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? (signal ? 1 : 1));
}

const hash = inputsHash();
const force = process.argv.includes('--force');
if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) {
  process.stderr.write('web app unchanged since its last build: frontend/dist kept\n');
  process.exit(0);
}
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
process.stderr.write('web app: type-checking it and bundling it into frontend/dist...\n');
run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
// Vite's table of every chunk's size is noise at a start; the tests hold the sizes that matter.
run(bin('vite'), ['build', '--logLevel', 'warn']);
writeFileSync(stampFile, hash);
process.stderr.write('web app bundled into frontend/dist\n');
