import { openRunFolder } from './run-folder';

/** The unit tests' run (`npm run test:unit`, `jest -c jest.unit.config.js`): no servers, only the run folder. */
export default async function unitGlobalSetup(): Promise<void> {
  Object.assign(globalThis, { __unitRun: { runDirectory: await openRunFolder() } });
}
