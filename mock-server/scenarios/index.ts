/**
 * Named scenarios a QA session can start the mock cloud in (`--scenario NAME`).
 * Only the baseline exists so far; scripted queues, stream timelines and
 * faults will be added here as their own entries.
 */
export const SCENARIOS = {
  default: 'Personas from fixtures/users.json; every call answers normally.',
} as const;

export type ScenarioName = keyof typeof SCENARIOS;

export const DEFAULT_SCENARIO: ScenarioName = 'default';

export function isScenario(name: string): name is ScenarioName {
  return Object.hasOwn(SCENARIOS, name);
}

export class UnknownScenarioError extends Error {
  constructor(readonly scenario: string) {
    super(`Unknown scenario "${scenario}". Known scenarios: ${Object.keys(SCENARIOS).join(', ')}.`);
    this.name = 'UnknownScenarioError';
  }
}
