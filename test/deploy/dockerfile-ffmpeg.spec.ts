// The image decodes uploaded voice notes with Debian's ffmpeg, never the static npm build (a 2018
// build that gets no security fixes). The image itself is built and run by
// `npm run test:containers`; this reads the Dockerfile.
import { allInstructions, parseDockerfile, readRepoFile } from './support';

const dockerfile = parseDockerfile(readRepoFile('Dockerfile'));
const runtime = dockerfile.stages.at(-1)!;
const build = dockerfile.stages.find((stage) => stage.name === 'build')!;
const runs = (stage: typeof runtime) =>
  allInstructions(dockerfile, stage.name)
    .filter((i) => i.keyword === 'RUN')
    .map((i) => i.args);

describe("the image's ffmpeg", () => {
  it("is Debian's, installed with apt in the runtime stage and named by FFMPEG_PATH", () => {
    expect(runs(runtime).some((run) => /apt-get install [^&]*\bffmpeg\b/.test(run))).toBe(true);
    const env = allInstructions(dockerfile, runtime.name)
      .filter((i) => i.keyword === 'ENV')
      .flatMap((i) => i.args.split(/\s+/));
    expect(env).toContain('FFMPEG_PATH=/usr/bin/ffmpeg');
  });

  it('leaves the npm static build out of /app', () => {
    expect(
      runs(build).some((run) => /npm prune[\s\S]*rm -rf [^&]*node_modules\/@ffmpeg-installer\b/.test(run)),
    ).toBe(true);
    const media = JSON.parse(readRepoFile('services', 'media', 'package.json')) as {
      dependencies: Record<string, string>;
      optionalDependencies: Record<string, string>;
    };
    expect(Object.keys(media.dependencies)).not.toContain('@ffmpeg-installer/ffmpeg');
    expect(Object.keys(media.optionalDependencies)).toContain('@ffmpeg-installer/ffmpeg');
  });
});
