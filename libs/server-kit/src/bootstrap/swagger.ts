import { type INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { type DocsOptions } from './service-app-options';

/** Swagger UI at `docs.path` and the OpenAPI document at `<docs.path>/openapi.json`. */
export function setupSwagger(app: INestApplication, docs: DocsOptions, version = '0.0.0'): void {
  const config = new DocumentBuilder()
    .setTitle(docs.title)
    .setDescription(docs.description ?? '')
    .setVersion(version)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup(docs.path, app, document, {
    jsonDocumentUrl: `${docs.path}/openapi.json`,
    yamlDocumentUrl: `${docs.path}/openapi.yaml`,
  });
}
