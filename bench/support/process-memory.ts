import { readFile, writeFile } from 'node:fs/promises';

/** A field of /proc/<pid>/status in MB (the kernel reports kB), or undefined once it exited. */
async function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kb = status?.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1];
  return kb === undefined ? undefined : Number(kb) / 1024;
}

/** The processes `pid` started, their children and so on (ffmpeg, the embedded PostgreSQL). */
export async function descendantsOf(pid: number): Promise<number[]> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const direct = children.split(' ').filter(Boolean).map(Number);
  return [...direct, ...(await Promise.all(direct.map(descendantsOf))).flat()];
}

/** The command name of a process (`ffmpeg`, `postgres`), or undefined once it exited. */
async function commandOf(pid: number): Promise<string | undefined> {
  return (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => undefined))?.trim();
}

/**
 * Peak resident memory of some processes over one measured run. The processes themselves are
 * measured exactly by the kernel's high-water mark, reset when the run starts; the processes they
 * start (ffmpeg, PostgreSQL backends) come and go, so they are sampled and their peak is a lower
 * bound.
 */
export class PeakMemory {
  private readonly sampledMb = new Map<string, number>();
  private readonly sampler: NodeJS.Timeout;
  private sampling: Promise<void> = Promise.resolve();

  private constructor(
    private readonly processes: ReadonlyMap<string, number>,
    sampleEveryMs: number,
  ) {
    this.sampler = setInterval(() => {
      // A sample that takes longer than the interval is not overlapped by the next one.
      this.sampling = this.sampling.then(() => this.sampleDescendants());
    }, sampleEveryMs);
  }

  /** Starts measuring `processes` (name → pid) from now on. */
  static async start(processes: ReadonlyMap<string, number>, sampleEveryMs = 100): Promise<PeakMemory> {
    // "5" resets VmHWM to the current RSS (proc(5), clear_refs), so the peak is this run's own.
    await Promise.all([...processes.values()].map((pid) => writeFile(`/proc/${pid}/clear_refs`, '5')));
    return new PeakMemory(processes, sampleEveryMs);
  }

  /** Stops measuring: peak MB by process name, descendants as `<process> › <command>`. */
  async stop(): Promise<Map<string, number>> {
    clearInterval(this.sampler);
    await this.sampling;
    const peaks = new Map<string, number>();
    for (const [name, pid] of this.processes) {
      const peak = await statusMb(pid, 'VmHWM');
      if (peak !== undefined) peaks.set(name, peak);
    }
    return new Map([...peaks, ...this.sampledMb]);
  }

  private async sampleDescendants(): Promise<void> {
    for (const [name, pid] of this.processes) {
      const ownCommand = await commandOf(pid);
      for (const descendant of await descendantsOf(pid)) {
        const [command, rss] = await Promise.all([commandOf(descendant), statusMb(descendant, 'VmRSS')]);
        // Still its parent's command: forked but not yet ffmpeg, sharing the parent's pages.
        if (command === undefined || rss === undefined || command === ownCommand) continue;
        const key = `${name} › ${command}`;
        this.sampledMb.set(key, Math.max(rss, this.sampledMb.get(key) ?? 0));
      }
    }
  }
}
