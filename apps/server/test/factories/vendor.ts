import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in vendor received. */
export interface VendorRequest {
  method: string;
  url: string;
  contentType: string;
  authorization: string | null;
  body: string;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A vendor's provisioning endpoint on the loopback interface: hands every request to `onRequest` and
 * answers with the status `nextStatus` gives ('vendor says no' as the text of a 4xx or 5xx).
 */
export async function startVendor(options: {
  onRequest: (request: VendorRequest) => void;
  nextStatus: () => number;
}): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      options.onRequest({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: String(req.headers['content-type'] ?? ''),
        authorization: req.headers.authorization ?? null,
        body,
      });
      const status = options.nextStatus();
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 400 ? 'vendor says no' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections of the portal's outgoing client would hold the close open.
        server.closeAllConnections();
      }),
  };
}

/**
 * A service's provisioning actions that call the stand-in vendor: CREATE by POST and MODIFY by PUT to `urlTemplate`
 * with `bodyTemplate` as JSON (Basic authentication as portal / vendor-secret, or none), DELETE without a method.
 */
export function vendorProvisioningActions(options: { urlTemplate: string; bodyTemplate: string; basicAuth: boolean }) {
  const http = (HttpMethod: 'POST' | 'PUT') => ({
    Method: 'Http' as const,
    ProvisioningHttp: {
      HttpMethod,
      ContentType: 'application/json' as const,
      RequestUrlTemplate: options.urlTemplate,
      RequestBodyTemplate: options.bodyTemplate,
      ...(options.basicAuth
        ? { Auth: 'Basic' as const, AuthUsername: 'portal', AuthPassword: 'vendor-secret' }
        : { Auth: 'No' as const }),
    },
  });
  return [{ Action: 'CREATE', ...http('POST') }, { Action: 'MODIFY', ...http('PUT') }, { Action: 'DELETE' }];
}
