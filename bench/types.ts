/** The contract every benchmark under bench/ implements; register it in bench/index.ts. */

export interface BenchContext {
  /** Project root (absolute). */
  root: string;
  /** A scratch folder for this benchmark (absolute, created, emptied before the run). */
  tmpDir: string;
  log: (line: string) => void;
}

export interface HistoryRow {
  /** Column names, stable across runs (a header change starts a new history). */
  header: readonly string[];
  cells: readonly string[];
}

export interface BenchResult {
  /** Markdown body of this benchmark's section in BENCHMARKS.md (without the "##" title). */
  markdown: string;
  /** One line per budget exceeded, e.g. "home first-load JS 97.10 KB gzip > budget 95 KB". Empty when within budget. */
  overBudget: string[];
  /** Appended to the section's history table (kept across runs). */
  history?: HistoryRow;
}

export interface Benchmark {
  /** Short id, used on the command line (`npm run bench -- bundle-size`) and as the section marker. */
  name: string;
  title: string;
  run(ctx: BenchContext): Promise<BenchResult>;
}
