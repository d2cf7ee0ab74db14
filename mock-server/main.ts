/**
 * `npm start` / `npm run mock`: the app build, the API and the websockets on
 * one port. The only place that reads argv and the environment, prints, and
 * exits; everything else is createApp (app.ts).
 */
import { createApp, type MockApp } from './app.ts';
import { CliError, listenLines, parseCli, portInUseMessage, USAGE, type CliOptions } from './cli.ts';
import { interfaceAddresses } from './http/control-guard.ts';
import { FixtureError } from './fixtures/index.ts';
import { ScenarioFileError, UnknownScenarioError } from './scenarios/index.ts';

function fatal(line: string, code: number): never {
  process.stderr.write(`${line}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCli(process.argv.slice(2), process.env);
  } catch (err) {
    if (err instanceof CliError) fatal(err.message, 2);
    throw err;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  let app: MockApp;
  try {
    app = createApp({
      fixturesDir: options.fixturesDir,
      distDir: options.distDir,
      latencyMs: options.latencyMs,
      scenario: options.scenario,
      video: options.video,
      ...(options.idleAfterMs !== undefined ? { idleAfterMs: options.idleAfterMs } : {}),
      ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
      streamProcesses: options.streamProcesses,
      warmStreamProcesses: options.video,
      allowedHosts: options.allowedHosts,
      allowedOrigins: options.allowedOrigins,
      admin: options.admin,
      log: options.verbose ? (line) => process.stdout.write(`${line}\n`) : undefined,
      // Lost sessions and refused clients are worth a line even without --verbose.
      warn: (line) => (options.verbose ? process.stdout : process.stderr).write(`${line}\n`),
    });
  } catch (err) {
    if (err instanceof FixtureError || err instanceof ScenarioFileError) fatal(err.message, 1);
    if (err instanceof UnknownScenarioError) fatal(err.message, 2);
    throw err;
  }

  try {
    const { url, port } = await app.listen(options.port, options.host);
    const lines = listenLines(options.host, port, url, interfaceAddresses());
    for (const line of lines.out) process.stdout.write(`${line}\n`);
    for (const line of lines.warn) process.stderr.write(`${line}\n`);
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : '';
    if (code === 'EADDRINUSE') fatal(portInUseMessage(options.port), 1);
    if (code === 'EACCES') fatal(`Not allowed to listen on port ${options.port}. Set PORT to a port above 1023.`, 1);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') fatal(`Cannot listen on host ${options.host}. Set HOST to a local address.`, 1);
    fatal(`Cannot start the mock cloud: ${err instanceof Error ? err.message : String(err)}`, 1);
  }

  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(1);
    stopping = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => fatal(`Mock cloud failed: ${err instanceof Error ? err.message : String(err)}`, 1));
