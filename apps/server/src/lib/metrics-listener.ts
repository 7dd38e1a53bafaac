// The Prometheus endpoint on a listener of its own (METRICS_HOST:METRICS_PORT, loopback by
// default), never on the shop's port: routes, load and pool use are for operators, not visitors.
// It answers GET /metrics and 404 to anything else.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsListener {
  /** The port it listens on (the one given, or the one the system chose for 0). */
  readonly port: number;
  close(): Promise<void>;
}

export async function startMetricsListener(
  registry: Registry,
  { host, port, onError }: { host: string; port: number; onError: (error: unknown) => void },
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
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
