/**
 * Named scenarios: one JSON file each in `<fixtures>/scenarios/` (data
 * only, format in docs/qa-guide.md), plus the built-in "default". Every
 * file is checked when the app starts; a bad one stops it with one message
 * naming the file and the field. `--scenario NAME` applies one to the
 * default session, `POST /__mock/scenario` to any session.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FieldError } from '../validate.ts';
import { checkedOnce, textKey } from '../fixtures/checked-cache.ts';
import { copyScenario, DEFAULT_SCENARIO_DATA, parseScenario, type Scenario } from './parse.ts';

export { type Scenario } from './parse.ts';

export const DEFAULT_SCENARIO = 'default';
/** Where scenario files live, below the fixtures directory. */
export const SCENARIOS_SUBDIR = 'scenarios';

export class ScenarioFileError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`Invalid scenario file ${file}: ${detail}`);
    this.name = 'ScenarioFileError';
  }
}

export class UnknownScenarioError extends Error {
  constructor(
    readonly scenario: string,
    readonly known: readonly string[],
  ) {
    super(`Unknown scenario "${scenario}". Known scenarios: ${known.join(', ')}.`);
    this.name = 'UnknownScenarioError';
  }
}

export interface ScenarioRegistry {
  /** The directory the files came from (null when it does not exist). */
  readonly dir: string | null;
  /** Every name, "default" first, then the files in name order. */
  names(): string[];
  /** A copy of the named scenario, or undefined. */
  get(name: string): Scenario | undefined;
  /** A copy of the named scenario; throws UnknownScenarioError. */
  require(name: string): Scenario;
  list(): Scenario[];
}

function jsonFiles(dir: string): string[] | null {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.json'))
      .map((e) => e.name)
      // By scenario name ("queue" before "queue-error"), not by file name.
      .sort((a, b) => (a.slice(0, -5) < b.slice(0, -5) ? -1 : a.slice(0, -5) > b.slice(0, -5) ? 1 : 0));
  } catch (err) {
    if (err instanceof Error && 'code' in err && (err.code === 'ENOENT' || err.code === 'ENOTDIR')) return null;
    throw err;
  }
}

/** The scenario names in `dir` (file names only, nothing parsed): for the CLI's argument check. */
export function scenarioNames(dir: string): string[] {
  return [DEFAULT_SCENARIO, ...(jsonFiles(dir) ?? []).map((f) => f.slice(0, -'.json'.length)).filter((n) => n !== DEFAULT_SCENARIO)];
}

/** Read and check one scenario file; throws ScenarioFileError naming it. */
export function loadScenarioFile(file: string): Scenario {
  const name = path.basename(file, '.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ScenarioFileError(file, `cannot read (${err instanceof Error ? err.message : String(err)})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (err) {
    throw new ScenarioFileError(file, `not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  if (name === DEFAULT_SCENARIO) throw new ScenarioFileError(file, '"default" is built in; give the file another name');
  try {
    // Checked once per text (fixtures/checked-cache.ts): every app a process builds reads the same files.
    return checkedOnce(textKey([file, text]), () => ({ ...parseScenario(value, name), file }), copyScenario);
  } catch (err) {
    if (err instanceof FieldError) throw new ScenarioFileError(file, err.message);
    throw err;
  }
}

/** Load every `*.json` in `dir` (a missing directory means only "default"). */
export function loadScenarios(dir: string): ScenarioRegistry {
  const files = jsonFiles(dir);
  const byName = new Map<string, Scenario>([[DEFAULT_SCENARIO, DEFAULT_SCENARIO_DATA]]);
  for (const f of files ?? []) {
    const s = loadScenarioFile(path.join(dir, f));
    byName.set(s.name, s);
  }
  const names = (): string[] => [...byName.keys()];
  const get = (name: string): Scenario | undefined => {
    const s = byName.get(name);
    return s ? copyScenario(s) : undefined;
  };
  return {
    dir: files === null ? null : dir,
    names,
    get,
    require(name) {
      const s = get(name);
      if (!s) throw new UnknownScenarioError(name, names());
      return s;
    },
    list: () => [...byName.values()].map(copyScenario),
  };
}
