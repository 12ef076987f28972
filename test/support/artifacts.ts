import path from 'node:path';
import { REPO_ROOT } from './child-process';

/** Screenshots and rendered pages a person looks at after a run (kept, ignored by git). */
export const ARTIFACTS = path.join(REPO_ROOT, '.test-artifacts');
