import { type OperationDefinition, ProblemSchema } from '@portal/contracts';
import { z } from 'zod';

function describeAccess(def: OperationDefinition): string {
  const a = def.access;
  switch (a.kind) {
    case 'public':
      return 'Public.';
    case 'session':
      return 'Any signed-in user.';
    case 'capability':
      return `Capability ${a.capability.name}_${a.capability.kind}.`;
    case 'anyCapability':
      return `Any one of the capabilities ${a.capabilities.map((c) => `${c.name}_${c.kind}`).join(', ')}.`;
    case 'accountType':
      return `Capability <TYPE>_ACCOUNT_${a.permission} for the type of the account it touches.`;
  }
}

/** The OpenAPI 3.1 document of every operation, generated from the contracts' zod schemas. */
export function buildOpenApi(operations: readonly OperationDefinition[]) {
  const problem = z.toJSONSchema(ProblemSchema);
  const paths: Record<string, unknown> = {};
  for (const def of operations) {
    paths[`/api/op/${def.name}`] = {
      post: {
        operationId: def.name,
        summary: def.summary,
        description: `${describeAccess(def)}${def.account ? " The touched account must be inside the caller's scope; otherwise 404." : ''}${def.mutating ? ' Runs in one transaction, is audited and honours Idempotency-Key.' : ''}`,
        tags: [def.mutating ? 'Commands' : 'Queries'],
        security: def.access.kind === 'public' ? [] : [{ session: [] }],
        parameters: def.mutating
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                schema: { type: 'string', maxLength: 200 },
              },
            ]
          : [],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: z.toJSONSchema(def.input, {
                io: 'input',
                unrepresentable: 'any',
              }),
            },
          },
        },
        responses: {
          200: {
            description: 'OK',
            content: {
              'application/json': {
                schema: z.toJSONSchema(def.output, { unrepresentable: 'any' }),
              },
            },
          },
          default: {
            description: 'Error',
            content: { 'application/problem+json': { schema: problem } },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cloud portal API',
      version: '0.1.0',
      description: 'Every operation is POST /api/op/{OperationName} with a JSON body.',
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'portal_session' },
      },
    },
    paths,
  };
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** A plain, dependency-free reference page of the same document. */
export function renderApiReference(doc: ReturnType<typeof buildOpenApi>): string {
  const items = Object.entries(doc.paths).map(([path, item]) => {
    const op = (
      item as {
        post: {
          operationId: string;
          summary: string;
          description: string;
          requestBody: { content: Record<string, { schema: unknown }> };
          responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
        };
      }
    ).post;
    const input = JSON.stringify(op.requestBody.content['application/json']?.schema, null, 2);
    const output = JSON.stringify(op.responses['200']?.content?.['application/json']?.schema, null, 2);
    return `<section id="${esc(op.operationId)}"><h2>${esc(op.operationId)}</h2><p><code>POST ${esc(path)}</code></p>
<p>${esc(op.summary)}</p><p>${esc(op.description)}</p>
<details><summary>Input schema</summary><pre>${esc(input)}</pre></details>
<details><summary>Output schema</summary><pre>${esc(output ?? '')}</pre></details></section>`;
  });
  const toc = Object.values(doc.paths)
    .map((item) => (item as { post: { operationId: string } }).post.operationId)
    .map((id) => `<li><a href="#${esc(id)}">${esc(id)}</a></li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
pre{background:#f4f5f7;padding:1rem;overflow:auto}section{border-top:1px solid #ddd;padding:1rem 0}code{background:#f4f5f7;padding:0 .25rem}</style>
</head><body><main><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description)} Errors are <code>application/problem+json</code> (RFC 9457) with field details.
The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<nav aria-label="Operations"><ul>${toc}</ul></nav>${items.join('\n')}</main></body></html>`;
}

/** A route as Fastify registered it (onRoute), with its access marker in config. */
export interface RegisteredRoute {
  method: string | string[];
  url: string;
  config?: unknown;
}

type AccessMarker = { public?: unknown; operations?: unknown; session?: unknown; embedToken?: unknown };

/** An explicit route's path in OpenAPI form: `:id` becomes `{id}`, a trailing `*` becomes `{path}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');

/**
 * The document with every explicit route (file keeper, embed tokens and data, provisioning callbacks,
 * health, the web app's files) added beside the operations, each with its security: `session` for
 * session routes, `embedToken` (a bearer embed token) for embed data routes, none for public ones.
 * The operations route itself is described per operation.
 */
export function withExplicitRoutes(doc: ReturnType<typeof buildOpenApi>, routes: readonly RegisteredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = { ...(doc.paths as Record<string, Record<string, unknown>>) };
  for (const route of routes) {
    const access = (route.config ?? {}) as AccessMarker;
    if (access.operations === true) continue;
    const path = openApiPath(route.url);
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    const [security, kind] =
      access.session === true
        ? [[{ session: [] }], 'a signed-in session; the route checks the tenant scope itself']
        : access.embedToken === true
          ? [[{ embedToken: [] }], 'an embed token (Authorization: Bearer), bound to its report and scope']
          : [[], 'public: holds no data, or is reached with a one-time token in its address'];
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      paths[path] = {
        ...(paths[path] ?? {}),
        [method.toLowerCase()]: {
          summary: `${method} ${route.url}`,
          description: `Explicit route. Access: ${kind}.`,
          tags: ['Routes'],
          security,
          parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
          responses: {
            default: { description: 'The response; errors are application/problem+json' },
          },
        },
      };
    }
  }
  return {
    ...doc,
    components: {
      ...doc.components,
      securitySchemes: { ...doc.components.securitySchemes, embedToken: { type: 'http', scheme: 'bearer' } },
    },
    paths,
  };
}
