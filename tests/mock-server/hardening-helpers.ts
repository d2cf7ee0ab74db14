/**
 * Helpers for the mock's hardening tests (its limits, QA guide §2): many small requests over a few
 * keep-alive connections, the way a flood would send them. Heap figures come
 * from bench/heap.ts, shared with the soak benchmark.
 */
import http from 'node:http';

export interface FloodRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Send `count` requests, `parallel` at a time over keep-alive connections;
 * resolves with the HTTP statuses seen. Each request has a time limit.
 */
export async function flood(port: number, count: number, parallel: number, make: (i: number) => FloodRequest, limitMs = 5_000): Promise<Map<number, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: parallel });
  const statuses = new Map<number, number>();
  const one = (r: FloodRequest): Promise<number> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: r.method, path: r.path, agent, headers: { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            clearTimeout(timer);
            resolve(res.statusCode ?? 0);
          });
        },
      );
      const timer = setTimeout(() => req.destroy(new Error(`no answer to ${r.method} ${r.path} within ${limitMs} ms`)), limitMs);
      req.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      req.end(r.body);
    });
  try {
    for (let i = 0; i < count; i += parallel) {
      const batch = await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, (_, k) => one(make(i + k))));
      for (const status of batch) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  } finally {
    agent.destroy();
  }
  return statuses;
}
