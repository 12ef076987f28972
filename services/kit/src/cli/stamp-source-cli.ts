// The last step of `npm run build`: records at the repository's root which source revision the
// build was made from (git's HEAD, or SOURCE_COMMIT), for the documents and the source archive.

import { sourceRevisionText } from '@chatexhibit/proto/source-revision';
import { CliInputError, type CliOutput, runAsProcess, runCommand } from './command-line';
import { currentSourceRevision, SourceCommitError, writeSourceStamp } from '../source/source-revision';

export async function runStampSourceCli(
  _args: readonly string[],
  output: CliOutput,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  return runCommand(
    { name: 'stamp-source', usage: 'usage: node services/kit/dist/cli/stamp-source-cli.js' },
    output,
    async () => {
      let revision;
      try {
        revision = currentSourceRevision(env);
      } catch (error) {
        if (error instanceof SourceCommitError) throw new CliInputError(error.message);
        throw error;
      }
      writeSourceStamp(revision);
      if (revision === null)
        output.stderr(`stamp-source: the source revision is ${sourceRevisionText(null)}.`);
    },
  );
}

if (require.main === module) runAsProcess(runStampSourceCli);
