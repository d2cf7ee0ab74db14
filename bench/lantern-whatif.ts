/**
 * Replays Lighthouse's simulated LCP (Lantern) on a recorded run with its requests regrouped, to ask what a chunk
 * layout would score before building it (decision 0015, "What LCP ≤ 1.8 s would cost").
 *
 *   CHROME_PATH=/usr/bin/chromium npx lighthouse http://127.0.0.1:4173/ --only-categories=performance -GA=/tmp/run1
 *   npm run bench:whatif -- /tmp/run1 'main-,api-client=>chunk-ABC;feed-=>chunk-DEF'
 *
 * Each `from,from=>into` drops the requests whose URL contains a `from` fragment and adds their bytes to the request
 * whose URL contains `into` (it keeps its own place in the order and its dependencies). Environment, optional:
 * SIZE='fragment:bytes;…' sets a request's transfer size; AT='fragment:ms;…' moves when it was asked for (a negative
 * number lists it earlier); V=1 prints every request's simulated start and end.
 * It reads Lighthouse's internals, so a Lighthouse upgrade may need it mended; it is a tool, not a test.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface LogEvent {
  method: string;
  params: {
    requestId?: string;
    timestamp?: number;
    wallTime?: number;
    request?: { url: string };
    encodedDataLength?: number;
    dataLength?: number;
  };
}

interface SimulatedNode {
  type: string;
  request?: { url: string; transferSize: number };
}

interface LanternResult {
  timing: number;
  pessimisticEstimate: { nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }> };
}

const core = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', 'lighthouse', 'core');

async function main(): Promise<void> {
  const [dir, spec = ''] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: npm run bench:whatif -- <lighthouse -GA folder> ["from,from=>into;…"]');
    process.exitCode = 2;
    return;
  }
  const read = async (file: string): Promise<unknown> => JSON.parse(await readFile(path.join(dir, file), 'utf8'));
  const [artifacts, trace, recorded] = (await Promise.all(['artifacts.json', 'trace.json', 'devtoolslog.json'].map(read))) as [
    { GatherContext: unknown; URL: unknown },
    unknown,
    LogEvent[],
  ];
  let log = recorded;
  const urlOf = new Map<string, string>();
  for (const e of log) if (e.method === 'Network.requestWillBeSent' && e.params.requestId && e.params.request) urlOf.set(e.params.requestId, e.params.request.url);
  // Every fragment must name a request: a typo would otherwise replay the run unchanged and look like a result.
  const idOf = (fragment: string): string => {
    const id = [...urlOf].find(([, url]) => url.includes(fragment))?.[0];
    if (!id) throw new Error(`no request matches "${fragment}"`);
    return id;
  };
  const setBytes = (id: string, bytes: (old: number) => number): void => {
    for (const e of log) {
      if (e.params.requestId !== id) continue;
      if (e.method === 'Network.loadingFinished') e.params.encodedDataLength = bytes(e.params.encodedDataLength ?? 0);
      if (e.method === 'Network.dataReceived' && (e.params.encodedDataLength ?? 0) > 0) {
        e.params.encodedDataLength = bytes(e.params.encodedDataLength ?? 0);
        e.params.dataLength = e.params.encodedDataLength;
      }
    }
  };

  for (const step of spec.split(';').filter(Boolean)) {
    const [from = '', into = ''] = step.split('=>');
    const target = idOf(into);
    let extra = 0;
    for (const fragment of from.split(',')) {
      const id = idOf(fragment);
      for (const e of log) if (e.params.requestId === id && e.method === 'Network.loadingFinished') extra += e.params.encodedDataLength ?? 0;
      log = log.filter((e) => e.params.requestId !== id);
      urlOf.delete(id);
    }
    setBytes(target, (old) => old + extra);
  }
  for (const pair of (process.env.SIZE ?? '').split(';').filter(Boolean)) {
    const [fragment = '', bytes = ''] = pair.split(':');
    setBytes(idOf(fragment), () => Number(bytes));
  }
  for (const pair of (process.env.AT ?? '').split(';').filter(Boolean)) {
    const [fragment = '', ms = ''] = pair.split(':');
    const id = idOf(fragment);
    for (const e of log) {
      if (e.params.requestId !== id || e.method !== 'Network.requestWillBeSent') continue;
      e.params.timestamp = (e.params.timestamp ?? 0) + Number(ms) / 1000;
      if (e.params.wallTime) e.params.wallTime += Number(ms) / 1000;
    }
  }

  const { LanternLargestContentfulPaint } = await import(path.join(core, 'computed/metrics/lantern-largest-contentful-paint.js'));
  const { LoadSimulator } = await import(path.join(core, 'computed/load-simulator.js'));
  const { defaultSettings } = await import(path.join(core, 'config/constants.js'));
  const settings = { ...defaultSettings, throttlingMethod: 'simulate' };
  const context = { computedCache: new Map(), settings };
  const simulator = await LoadSimulator.request({ devtoolsLog: log, settings }, context);
  const data = { trace, devtoolsLog: log, gatherContext: artifacts.GatherContext, settings, simulator, URL: artifacts.URL, SourceMaps: [], HostDPR: 1 };
  const result = (await LanternLargestContentfulPaint.request(data, context)) as LanternResult;
  console.log(`LCP ${Math.round(result.timing)} ms`);
  if (process.env.V) {
    const rows = [...result.pessimisticEstimate.nodeTimings].filter(([node]) => node.type === 'network' && !node.request?.url.startsWith('data:'));
    for (const [node, t] of rows.sort((a, b) => a[1].startTime - b[1].startTime)) {
      console.log(`${String(Math.round(t.startTime)).padStart(6)} → ${String(Math.round(t.endTime)).padStart(6)}  ${node.request?.url} ${node.request?.transferSize} B`);
    }
  }
}

await main();
