/**
 * [M7.1]-[M7.6] The `/dash` routes. Each one runs its operation through the operation layer (`serveOperation`):
 * the same session, password-change, input validation, capability, tenant, transaction, audit and idempotency
 * rules as `POST /api/op/{name}`, and the same answers. The path's `{id}` fills the input's `id`.
 */
import { DASHBOARD_ROUTES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ServeOperation } from '../../platform/operations/operation-layer.js';

// Route access marker (test/api/routes.test.ts): the operation layer checks the session and capability.
const SESSION = { config: { session: true } };

type Request = { Params: { id?: string }; Body: unknown };

export async function dashboardRoutes(app: FastifyInstance, options: { serveOperation: ServeOperation }) {
  for (const route of DASHBOARD_ROUTES) {
    app.route<Request>({
      method: route.method,
      url: route.url,
      ...SESSION,
      handler: (request, reply) => {
        // A request with a body sends JSON, like every operation; one without (GET, delete) has nothing to check.
        const hasBody = request.body !== undefined && request.body !== null;
        const body = hasBody ? request.body : {};
        const input =
          request.params.id === undefined || typeof body !== 'object' || Array.isArray(body)
            ? body
            : { ...(body as Record<string, unknown>), id: request.params.id };
        return options.serveOperation(route.operation.name, request, reply, input, { requireJson: hasBody });
      },
    });
  }
}
