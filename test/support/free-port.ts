import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A TCP port on loopback that nothing listens on right now, picked at random below the kernel's
 * range for outgoing connections: a port from that range (what `listen(0)` hands out) can be taken
 * by any connection the machine opens before the test's server binds it, and once was.
 */
export async function freePort(): Promise<number> {
  lowestEphemeral ??= lowestEphemeralPort();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = FIRST_PORT + Math.floor(Math.random() * (lowestEphemeral - FIRST_PORT));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port found between ${FIRST_PORT} and ${lowestEphemeral}`);
}

/** Below this, ports are well known or registered to common servers. */
const FIRST_PORT = 20000;
/** Read from the kernel once, on the first call. */
let lowestEphemeral: number | undefined;

/** The first port of the kernel's range for outgoing connections (Linux's default when unknown). */
function lowestEphemeralPort(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > FIRST_PORT + 1000 ? low : 32768;
  } catch {
    return 32768;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
