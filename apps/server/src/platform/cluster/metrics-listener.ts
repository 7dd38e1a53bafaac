// The Prometheus endpoint on a listener of its own (METRICS_HOST:METRICS_PORT, loopback by
// default), never on the shop's port: routes, load and pool use are for operators, not visitors.
// It answers GET /metrics, and GET /health and /ready with the details the shop's own probes keep
// from the public (instance, pid, uptime, database, migrations, each check); 404 to anything else.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

/** The instance's state in detail (modules/health/status.ts), as JSON-ready objects. */
export interface StatusSource {
  live(): object;
  /** `status` 'ready' answers 200, anything else 503, as /api/ready does. */
  ready(): Promise<{ status: string }>;
}

export interface MetricsListener {
  /** The port it listens on (the one given, or the one the system chose for 0). */
  readonly port: number;
  close(): Promise<void>;
}

export async function startMetricsListener(
  registry: Registry,
  {
    host,
    port,
    onError,
    status,
  }: { host: string; port: number; onError: (error: unknown) => void; status?: StatusSource },
): Promise<MetricsListener> {
  const sendJson = (response: ServerResponse, head: boolean, code: number, body: object) => {
    response.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    response.end(head ? undefined : JSON.stringify(body));
  };
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const head = request.method === 'HEAD';
    const known = path === '/metrics' || (status !== undefined && (path === '/health' || path === '/ready'));
    if (!known || (request.method !== 'GET' && !head)) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (status && path === '/health') return sendJson(response, head, 200, status.live());
    if (status && path === '/ready') {
      status.ready().then(
        (details) => sendJson(response, head, details.status === 'ready' ? 200 : 503, details),
        (error: unknown) => {
          sendJson(response, head, 500, { status: 'unavailable' });
          onError(error);
        },
      );
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(head ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
        onError(error);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // A scraper keeps its connection open between scrapes: do not wait for it to leave.
        server.closeAllConnections();
      }),
  };
}
