import { HTTP_ROUTES, HTTP_ROUTE_SCHEMAS } from '@chatexhibit/proto/http-routes';
import { renderApiDocsPage } from '../src/api-docs/api-docs-page';
import { buildOpenApiDocument } from '../src/api-docs/openapi-document';

const document = buildOpenApiDocument();
type Json = Record<string, unknown>;
const at = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], value);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const operation = (method: string, path: string) => at(document.paths, path, method) as Json;
const responseSchema = (method: string, path: string, status: number, mediaType = 'application/json') =>
  at(operation(method, path), 'responses', String(status), 'content', mediaType, 'schema');

/** Every `$ref` in the document, with where it was found. */
function references(node: unknown, where = '#'): { where: string; target: string }[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => references(item, `${where}/${i}`));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string'
      ? [{ where, target: value }]
      : references(value, `${where}/${key}`),
  );
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, generated from the contract: every route with its texts and statuses', () => {
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      Object.values(HTTP_ROUTES)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
    for (const route of Object.values(HTTP_ROUTES)) {
      const op = operation(route.method.toLowerCase(), route.path);
      expect([op.summary, op.description, op.tags]).toEqual([route.summary, route.description, [route.tag]]);
      const responses = op.responses as Record<string, Json>;
      expect(Object.keys(responses).sort()).toEqual(
        [...Object.keys(route.responses), ...Object.keys(route.errors ?? {})].sort(),
      );
      for (const [status, { description }] of Object.entries(route.responses))
        expect(responses[status]!.description).toBe(description);
      for (const [status, description] of Object.entries(route.errors ?? {}))
        expect(responses[status]).toEqual({
          description,
          content: {
            'application/json': { schema: ref('ErrorBody') },
            // A link a person opens answers a browser with a page.
            ...(route.errorPage && { 'text/html': { schema: { type: 'string' } } }),
          },
        });
      expect(op.security).toEqual(route.supportToken ? [{ supportToken: [] }] : undefined);
    }
  });

  it('takes every request and response shape from proto', () => {
    const components = document.components?.schemas ?? {};
    for (const [name, schema] of Object.entries(HTTP_ROUTE_SCHEMAS))
      expect([name, Object.keys(at(components, name, 'properties') as Json).sort()]).toEqual([
        name,
        Object.keys(schema.shape).sort(),
      ]);

    const upload = '/api/whatsapp/process';
    expect(responseSchema('post', upload, 201)).toEqual(ref('StartProcessingResponse'));
    for (const status of [400, 413, 415, 429])
      expect(responseSchema('post', upload, status)).toEqual(ref('ErrorBody'));
    const form = at(operation('post', upload), 'requestBody', 'content', 'multipart/form-data') as Json;
    expect(at(form, 'schema', 'properties', 'options')).toEqual(ref('UploadOptions'));
    expect(at(form, 'schema', 'required')).toEqual(['file']);

    const status = '/api/whatsapp/process-status';
    expect(responseSchema('get', status, 200, 'text/event-stream')).toEqual(ref('ProgressEvent'));
    expect(at(operation('get', status), 'parameters', '0')).toMatchObject({
      name: 'clientId',
      in: 'query',
      required: true,
    });

    expect(responseSchema('get', '/api/whatsapp/chat/{chatExportId}', 200)).toEqual(ref('ChatData'));
    expect(responseSchema('get', '/api/whatsapp/chat/{chatExportId}', 404)).toEqual(ref('ErrorBody'));
    expect(responseSchema('get', '/api/whatsapp/evidence-zip/{id}', 200, 'application/zip')).toBeDefined();
    expect(responseSchema('get', '/api/whatsapp/evidence-zip/{id}', 404)).toEqual(ref('ErrorBody'));
    // A voice note's link in the chat data has no query: it opens with the binding cookie.
    for (const [path, mediaType, signed] of [
      ['/api/files/{token}/transcript.pdf', 'application/pdf', true],
      ['/api/files/{token}/audio/{entryPath}', 'audio/mpeg', false],
    ] as const) {
      expect(responseSchema('get', path, 200, mediaType)).toBeDefined();
      expect(responseSchema('get', path, 403)).toEqual(ref('ErrorBody'));
      const query = (operation('get', path).parameters as Json[]).filter((p) => p.in === 'query');
      expect(query.map((p) => [p.name, p.required])).toEqual([
        ['expires', signed],
        ['signature', signed],
      ]);
    }
    expect(responseSchema('get', '/api/health', 200)).toEqual(ref('SystemHealth'));
    expect(responseSchema('get', '/api/health', 503)).toEqual(ref('SystemHealth'));
    expect(responseSchema('get', '/api/health/ready', 200)).toEqual(ref('PartHealth'));
  });

  it('is sound: every $ref resolves, every path parameter is declared, every response is described', () => {
    for (const { where, target } of references(document)) {
      expect(target.startsWith('#/')).toBe(true);
      expect({ where, target, resolves: at(document, ...target.slice(2).split('/')) !== undefined }).toEqual({
        where,
        target,
        resolves: true,
      });
    }
    for (const [path, item] of Object.entries(document.paths ?? {}))
      for (const op of Object.values(item) as Json[]) {
        const declared = ((op.parameters ?? []) as Json[]).filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared.sort()).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
        for (const parameter of (op.parameters ?? []) as Json[]) expect(parameter.schema).toBeDefined();
        const responses = Object.entries(op.responses as Json);
        expect(responses.length).toBeGreaterThan(0);
        for (const [code, response] of responses) {
          expect(code).toMatch(/^[1-5]\d\d$/);
          expect(typeof (response as Json).description).toBe('string');
        }
      }
  });

  it('renders as a self-contained page listing every operation and schema', () => {
    const page = renderApiDocsPage(document);
    for (const [path, item] of Object.entries(document.paths ?? {}))
      for (const method of Object.keys(item))
        expect(page).toContain(`<code>${method.toUpperCase()} ${path}</code>`);
    for (const name of Object.keys(document.components?.schemas ?? {}))
      expect(page).toContain(`<section id="schema-${name}">`);
    expect(page).toContain('<a href="#schema-ChatData">');
    expect(page).not.toMatch(/<script|<link|https?:\/\//);
  });
});
