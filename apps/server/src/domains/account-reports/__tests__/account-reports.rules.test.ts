import { describe, expect, it } from 'vitest';
import { decideRefresh, decideReportStatus, type PreparationJob, preparedMessage } from '../account-reports.rules.js';

const job = (over: Partial<PreparationJob>): PreparationJob => ({
  status: 'queued',
  progress: 0,
  progressMessage: null,
  error: null,
  finishedAt: null,
  result: null,
  ...over,
});
const AT = new Date('2026-11-23T07:05:30Z');

describe('decideReportStatus [A7.3]', () => {
  it.each([
    ['queued', job({}), { status: 'InProgress', message: 'The report data is being prepared', progress: 0, preparedAt: null }],
    [
      'running with progress',
      job({ status: 'running', progress: 10, progressMessage: 'Preparing "Usage report" for C1' }),
      { status: 'InProgress', message: 'Preparing "Usage report" for C1', progress: 10, preparedAt: null },
    ],
    ['running, progress kept below 100', job({ status: 'running', progress: 100 }), expect.objectContaining({ progress: 99 })],
    [
      'failed with the reason',
      job({ status: 'failed', error: 'The report of this page does not exist in this installation' }),
      { status: 'Error', message: 'The report of this page does not exist in this installation', progress: 0, preparedAt: null },
    ],
    [
      'failed without a reason',
      job({ status: 'failed' }),
      expect.objectContaining({ message: 'The report data could not be prepared' }),
    ],
    [
      'succeeded',
      job({
        status: 'succeeded',
        finishedAt: AT,
        result: { reportName: 'Orders', rows: { orders: 3, revenue: 1 }, rowLimits: {} },
      }),
      {
        status: 'Ready',
        message: 'Prepared 2026-11-23 07:05 UTC: 3 rows of orders, 1 row of revenue',
        progress: 100,
        preparedAt: '2026-11-23T07:05:30.000Z',
      },
    ],
  ])('[A7.3] %s', (_name, input, expected) => {
    expect(decideReportStatus(input)).toEqual(expected);
  });
});

describe('preparedMessage', () => {
  it.each([
    [{}, 'Prepared 2026-11-23 07:05 UTC'],
    [{ subscriptions: 0 }, 'Prepared 2026-11-23 07:05 UTC: 0 rows of subscriptions'],
  ])('%j', (rows, expected) => {
    expect(preparedMessage({ preparedAt: AT, rows })).toBe(expected);
  });
});

describe('decideRefresh', () => {
  it.each([
    [null, 'start'],
    [{ status: 'queued' as const }, 'wait'],
    [{ status: 'running' as const }, 'wait'],
    [{ status: 'succeeded' as const }, 'start'],
    [{ status: 'failed' as const }, 'start'],
  ])('%j -> %s', (current, expected) => {
    expect(decideRefresh(current)).toBe(expected);
  });
});
