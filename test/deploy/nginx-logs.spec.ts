// Finding 4: proxies' access logs held every key (export and bundle ids in paths and queries,
// signed links' signatures). The nginx examples shipped in deploy/ and docs/deployment.md log
// no query and no key-bearing path.
import { HTTP_ROUTES } from '@chatexhibit/proto/http-routes';
import { readRepoFile } from './support';

/** Variables that hold the request line, its path or its query. */
const REQUEST_VARIABLES = /\$(request|request_uri|uri|document_uri|args|query_string|is_args)\b|\$arg_/g;
const MARKER = 'f00dfeed-0000-4000-8000-00000000c0de';

const conf = readRepoFile('deploy', 'nginx', 'chatexhibit.conf');
const directives = (name: string) =>
  [...conf.matchAll(new RegExp(`^\\s*${name}\\s+([^;]+);`, 'gms'))].map((match) => match[1]!);

/** What the example's `map $uri $logged_path` makes of a path, read from the file. */
function loggedPath(uri: string): string {
  const block = /map \$uri \$logged_path \{([^}]*)\}/.exec(conf)![1]!;
  for (const line of block.split('\n').map((l) => l.trim())) {
    // `~` matches with case, `~*` without.
    const rule = /^~(\*?)(\S+)\s+"([^"]*)";$/.exec(line);
    const match = rule && new RegExp(rule[2]!, rule[1] ? 'i' : '').exec(uri);
    if (match) return rule[3]!.replace(/\$(\w+)/g, (_all, name: string) => match.groups?.[name] ?? '');
  }
  return uri;
}

describe('deploy/nginx/chatexhibit.conf', () => {
  it('logs with formats that hold neither the request line, the path nor the query', () => {
    const formats = directives('log_format');
    expect(formats.length).toBeGreaterThan(0);
    for (const format of formats) expect(format.match(REQUEST_VARIABLES)).toBeNull();
  });

  it('writes every access log in such a format', () => {
    const names = directives('log_format').map((format) => format.split(/\s+/)[0]);
    const logs = directives('access_log');
    expect(logs.length).toBeGreaterThan(0);
    for (const log of logs) expect(log === 'off' || names.includes(log.split(/\s+/)[1])).toBe(true);
  });

  // nginx writes the request line (`request: "…"`) into every error-log line about a request, at
  // `error` and below; the levels above are its own failures.
  it('keeps its error log at a level whose lines hold no request line', () => {
    const logs = directives('error_log');
    expect(logs.length).toBeGreaterThan(0);
    for (const log of logs) expect(log.split(/\s+/)[1]).toMatch(/^(crit|alert|emerg)$/);
  });

  const keyedPaths = Object.values(HTTP_ROUTES)
    .map((route) => route.path)
    .filter((path) => path.includes('{'));
  it.each(keyedPaths)('logs %s without the key in it, whatever the case of its letters', (pattern) => {
    expect(loggedPath(pattern.replace(/\{\w+\}/g, MARKER))).not.toContain(MARKER);
    // The app routes "/API/WhatsApp/chat/<id>" as it routes the lower-case path.
    const capitalised = pattern.replace(/(?<=\/)[a-z]/g, (letter) => letter.toUpperCase());
    expect(loggedPath(capitalised.replace(/\{\w+\}/g, MARKER))).not.toContain(MARKER);
  });
});

describe('docs/deployment.md', () => {
  it('gives ingress-nginx a log format without the request line, the path or the query', () => {
    const doc = readRepoFile('docs', 'deployment.md');
    const format = /log-format-upstream: '([^']+)'/.exec(doc);
    expect(format).not.toBeNull();
    expect(format![1]!.match(REQUEST_VARIABLES)).toBeNull();
    expect(doc).not.toMatch(/log-format-upstream:[^\n]*\$request\b/);
  });
});
