// The hand-written export fixtures beside this folder.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function fixtureBytes(name: string): Uint8Array {
  return readFileSync(join(__dirname, '..', 'fixtures', name));
}

export function fixtureText(name: string): string {
  return new TextDecoder().decode(fixtureBytes(name));
}
