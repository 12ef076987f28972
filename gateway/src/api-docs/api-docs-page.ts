import { escapeHtml } from '@chatexhibit/kit/html/escape-html';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import type { OpenApiDocument } from './openapi-document';

type PathItem = NonNullable<OpenApiDocument['paths']>[string];
type Operation = NonNullable<PathItem['get']>;
/** A request's or response's content: a schema per media type. */
type Content = Record<string, { schema?: unknown }>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The page's only style, inline; the route's Content-Security-Policy allows exactly this text. */
export const API_DOCS_STYLE = `
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.4; }
section { border-top: 1px solid #ccc; padding: 0.5rem 0; }
pre { background: #f4f4f4; padding: 0.5rem; overflow-x: auto; font-size: 0.85rem; }
table { border-collapse: collapse; width: 100%; } td, th { border: 1px solid #ddd; padding: 0.25rem; text-align: left; vertical-align: top; }
dd { margin-left: 1.5rem; }
`;

/** A schema as indented JSON, each reference to a named schema a link to it further down. */
const schemaBlock = (schema: unknown): string =>
  `<pre>${escapeHtml(JSON.stringify(schema, null, 2)).replace(
    /&quot;#\/components\/schemas\/([\w.-]+)&quot;/g,
    (_match, name: string) => `<a href="#schema-${name}">&quot;#/components/schemas/${name}&quot;</a>`,
  )}</pre>`;

const contentBlock = (content: Content | undefined): string =>
  Object.entries(content ?? {})
    .map(([mediaType, { schema }]) => `<p><code>${escapeHtml(mediaType)}</code></p>${schemaBlock(schema)}`)
    .join('');

function operationSection(path: string, method: string, operation: Operation): string {
  const parameters = (operation.parameters ?? []).map((parameter) =>
    '$ref' in parameter
      ? `<tr><td colspan="4">${schemaBlock(parameter)}</td></tr>`
      : `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${parameter.in}</td><td>${
          parameter.required ? 'required' : 'optional'
        }</td><td>${schemaBlock(parameter.schema)}</td></tr>`,
  );
  const body =
    operation.requestBody && 'content' in operation.requestBody ? operation.requestBody : undefined;
  const responses = Object.entries(operation.responses ?? {}).map(
    ([status, response]: [string, { description?: string; content?: Content }]) =>
      `<dt><strong>${escapeHtml(status)}</strong> ${escapeHtml(response.description ?? '')}</dt><dd>${contentBlock(
        response.content,
      )}</dd>`,
  );
  return [
    `<section id="${escapeHtml(`${method}-${path}`)}">`,
    `<h3><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h3>`,
    operation.summary ? `<p><strong>${escapeHtml(operation.summary)}</strong></p>` : '',
    operation.description ? `<p>${escapeHtml(operation.description)}</p>` : '',
    parameters.length
      ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th></th><th>schema</th></tr>${parameters.join('')}</table>`
      : '',
    body ? `<h4>Request body</h4>${contentBlock(body.content)}` : '',
    `<h4>Responses</h4><dl>${responses.join('')}</dl>`,
    '</section>',
  ].join('\n');
}

/**
 * The OpenAPI document as one self-contained HTML page: every operation with its parameters,
 * request body and responses, then every named schema. No script and nothing fetched from
 * elsewhere, so it reads the same on an installation without internet access.
 */
export function renderApiDocsPage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [operationSection(path, method, item[method])] : [])),
  );
  const schemas = Object.entries(document.components?.schemas ?? {}).map(
    ([name, schema]) =>
      `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${schemaBlock(schema)}</section>`,
  );
  const { title, version, description } = document.info;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} ${escapeHtml(version)}</title>
<style>${API_DOCS_STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)} <small>${escapeHtml(version)}</small></h1>
<p>${escapeHtml(description ?? '')}</p>
<p>OpenAPI ${escapeHtml(document.openapi)} document: <a href="${HTTP_API.openApiDocument.path}">${HTTP_API.openApiDocument.path}</a></p>
<h2>Operations</h2>
${operations.join('\n')}
<h2>Schemas</h2>
${schemas.join('\n')}
</body>
</html>
`;
}
