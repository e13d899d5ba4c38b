import { Progress } from '@mantine/core';
import { REPORT_PROGRESS_TICK_MS } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { runProgress } from '../utils/report-progress';

/** [M9.13] A running report's progress bar: ticks every second against the report's average execution time. */
export function RunProgress({
  startedAtMs,
  expectedMs,
  label,
  size = 'sm',
}: {
  startedAtMs: number;
  expectedMs: number;
  label: string;
  size?: 'xs' | 'sm' | 'md';
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), REPORT_PROGRESS_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const percent = runProgress({ startedAtMs, nowMs: now, expectedMs });
  return (
    <Progress.Root size={size} data-testid="run-progress" data-percent={percent}>
      <Progress.Section
        value={Math.max(percent, 2)}
        striped
        animated
        aria-label={label}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      />
    </Progress.Root>
  );
}
