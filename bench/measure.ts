/** Timing helpers: repeated runs bounded by count and time, summarised by the median. */

export interface Timing {
  name: string;
  /** Milliseconds. */
  median: number;
  p95: number;
  p99: number;
  runs: number;
  note?: string;
  /** The measured runs, sorted (milliseconds); kept so that passes can be pooled (`Passes.timing`). */
  samples?: number[];
  /** Figures measured in passes: the p99 of every pass's runs together (`Passes.timing`). */
  pooledP99?: number;
}

export interface MeasureOptions {
  /** Upper bound on measured runs. */
  iterations?: number;
  /** Upper bound on measuring time, milliseconds (warm-up not included). */
  maxMs?: number;
  /** Unmeasured runs first: JIT, plan and buffer caches. */
  warmup?: number;
}

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Runs fn sequentially until `iterations` runs or `maxMs` have passed (at least 5 runs). */
export async function measure(name: string, fn: (i: number) => Promise<unknown>, options: MeasureOptions = {}): Promise<Timing> {
  const iterations = options.iterations ?? 200;
  const maxMs = options.maxMs ?? 10_000;
  const warmup = options.warmup ?? 20;
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples: number[] = [];
  const deadline = nowMs() + maxMs;
  for (let i = 0; i < iterations; i++) {
    const start = nowMs();
    await fn(i);
    const end = nowMs();
    samples.push(end - start);
    if (end > deadline && samples.length >= 5) break;
  }
  const sorted = samples.sort((a, b) => a - b);
  return {
    name,
    median: median(sorted),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    runs: sorted.length,
    samples: sorted,
  };
}

/**
 * A figure measured as several short passes spread through the run rather than once: the floor of a run (one
 * primary-key select, or the same behind an HTTP route; `Floor`), and in `search.ts` since the night of 2026-11-27
 * every line too, so that a line's percentiles are read the same way as the floor's. Call `pass()` at the moments the
 * passes should fall (for the floor: before the first measured line, between lines and after the last). `timing` is the
 * median of the passes' medians (and of their p95s and p99s), so one pass that landed on a busy or an unusually quiet
 * moment of a shared machine moves the figure less than it moved a single measurement; its `pooledP99` is the p99 of
 * every pass's runs together; `passes` keeps each pass for printing the spread. Introduced 2026-11-27
 * (bench/README.md).
 */
export class Passes {
  readonly passes: Timing[] = [];

  constructor(
    readonly name: string,
    private readonly fn: (i: number) => Promise<unknown>,
    /** Per pass: at most `iterations` runs (default 200) or `maxMs` (default 2,000) after `warmup` runs. */
    private readonly options: MeasureOptions = {},
  ) {}

  /** One pass; the first warms up with `options.warmup` runs (default 20), later ones with 5. */
  async pass(): Promise<Timing> {
    const first = this.passes.length === 0;
    const timing = await measure(this.name, this.fn, {
      iterations: this.options.iterations ?? 200,
      maxMs: this.options.maxMs ?? 2_000,
      warmup: first ? (this.options.warmup ?? 20) : Math.min(5, this.options.warmup ?? 5),
    });
    this.passes.push(timing);
    return timing;
  }

  /** The median over the passes of each figure, and the pooled p99; `runs` is every pass's runs together. */
  get timing(): Timing {
    const of = (key: 'median' | 'p95' | 'p99') => median(this.passes.map((t) => t[key]));
    const pooled = this.passes.flatMap((t) => t.samples ?? []).sort((a, b) => a - b);
    return {
      name: this.name,
      median: of('median'),
      p95: of('p95'),
      p99: of('p99'),
      runs: this.passes.reduce((sum, t) => sum + t.runs, 0),
      note: `median of ${this.passes.length} passes`,
      pooledP99: percentile(pooled, 99),
    };
  }

  /**
   * The passes in the order they ran, for a reader: "name: 8 passes of 200 runs, median (p99) 132 µs (410 µs), ...;
   * medians from 120 µs to 180 µs (1.5x)".
   */
  describe(percentile: 'p95' | 'p99' = 'p99'): string {
    const medians = this.passes.map((t) => t.median);
    const low = Math.min(...medians);
    const high = Math.max(...medians);
    const runs = [...new Set(this.passes.map((t) => t.runs))].join('/');
    return (
      `${this.name}: ${this.passes.length} passes of ${runs} runs, median (${percentile}) ` +
      `${this.passes.map((t) => `${formatMs(t.median)} (${formatMs(t[percentile])})`).join(', ')}; ` +
      `medians from ${formatMs(low)} to ${formatMs(high)} (${formatRatio(high / low)})`
    );
  }
}

/** The floor of a run, measured in passes (decision 0061): before the first line, between lines, after the last. */
export class Floor extends Passes {}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  if (ms < 1) return `${(ms * 1000).toFixed(0)} µs`;
  if (ms < 100) return `${ms.toFixed(2)} ms`;
  return `${ms.toFixed(0)} ms`;
}

export function formatRatio(r: number): string {
  if (!Number.isFinite(r)) return '-';
  return r < 10 ? `${r.toFixed(1)}x` : `${r.toFixed(0)}x`;
}

export function formatInt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** A plain-text table: first column left-aligned, the others right-aligned. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

/**
 * The most the JavaScript heap grew above where it started while `fn` ran, sampled every 2 ms after a
 * full collection (run with --expose-gc for a steady start; without it the start is whatever it is).
 */
export async function peakHeapGrowth(fn: () => Promise<unknown>): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 2);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  return Math.max(0, Math.max(peak, process.memoryUsage().heapUsed) - start);
}
