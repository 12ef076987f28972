import { Controller, Header } from '@nestjs/common';
import { HTTP_API } from '@chatexhibit/proto/http-api';
import { Route } from '../http/http-route';
import { renderApiDocsPage } from './api-docs-page';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/** GET /api/docs (a readable page) and GET /api/docs/openapi.json (the OpenAPI 3.1 document). */
@Controller()
export class ApiDocsController {
  private readonly document = buildOpenApiDocument();
  private readonly page = renderApiDocsPage(this.document);

  @Route(HTTP_API.apiDocsPage)
  @Header('Content-Type', 'text/html; charset=utf-8')
  html(): string {
    return this.page;
  }

  @Route(HTTP_API.openApiDocument)
  json(): OpenApiDocument {
    return this.document;
  }
}
