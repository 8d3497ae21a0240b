import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@app/shared';
import { needsToken } from './auth.ts';

/** OpenAPI generated from the routes' zod schemas, browsable at /docs (unless DOCS_PUBLIC is off). */
async function docsPlugin(app: FastifyInstance) {
  // A route that needs a token says so in the document, whether or not its schema did, and an
  // operator route names the permission it checks (`x-permission`, PERMISSIONS in @app/shared).
  app.addHook('onRoute', (route) => {
    if (!needsToken(app, route)) return;
    const schema = (route.schema ??= {}) as { security?: unknown[]; 'x-permission'?: string };
    schema.security ??= [{ bearer: [] }];
    const permission = route.config?.permission;
    if (permission) schema['x-permission'] = permission;
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '金彩体育 API',
        version: APP_VERSION,
        description:
          'Every /v1 response is `{ code, message, data }`; code 200 is success, otherwise it equals the HTTP status and `message` is Chinese. Money is a decimal string of 元 with two decimals. Money-moving POSTs accept an `Idempotency-Key` header.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Token from /v1/login or a register call' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The document is always built (the proofs and the typed clients read it); under
  // APP_ENV=production it is served only when DOCS_PUBLIC=true.
  if (!app.services.config.docsPublic) return;
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    // The docs page has inline scripts: its own policy allows exactly those (by hash).
    staticCSP: true,
    transformStaticCSP: (header) =>
      app.services.config.publicUrl?.startsWith('https:')
        ? header
        : header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}

export default fp(docsPlugin, { name: 'docs', dependencies: ['auth', 'operator-auth'] });
