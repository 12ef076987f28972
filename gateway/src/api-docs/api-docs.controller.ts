import { Controller, Get, Header } from '@nestjs/common';
import { renderApiDocsPage } from './api-docs-page';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/** GET /api/docs (a readable page) and GET /api/docs/openapi.json (the OpenAPI 3.1 document). */
@Controller('api/docs')
export class ApiDocsController {
  private readonly document = buildOpenApiDocument();
  private readonly page = renderApiDocsPage(this.document);

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  html(): string {
    return this.page;
  }

  @Get('openapi.json')
  json(): OpenApiDocument {
    return this.document;
  }
}
