import { models } from '@portal/embed';
import { describe, expect, it } from 'vitest';
import { Channel, initialParentOrigin } from '../channel.js';
import { aggregate, applyFilter, type Row, toCsv, updateFilters } from '../data.js';

const rows: Row[] = [
  { AccountType: 'Company', State: 'Active', Level: 1, Count: 3 },
  { AccountType: 'Company', State: 'Suspended', Level: 1, Count: 1 },
  { AccountType: 'User', State: 'Active', Level: 2, Count: 5 },
  { AccountType: 'Reseller', State: 'Active', Level: 1, Count: 2 },
];
const target = (column: string) => ({ table: 'Accounts', column });

describe('filters over dataset rows', () => {
  it.each([
    ['basic In', new models.BasicFilter(target('AccountType'), 'In', ['Company']).toJSON(), 4],
    ['basic NotIn', new models.BasicFilter(target('AccountType'), 'NotIn', ['Company']).toJSON(), 7],
    ['basic All', new models.BasicFilter(target('AccountType'), 'All', []).toJSON(), 11],
    [
      'advanced Or',
      new models.AdvancedFilter(target('State'), 'Or', [
        { operator: 'Is', value: 'Suspended' },
        { operator: 'StartsWith', value: 'res' },
      ]).toJSON(),
      1,
    ],
    ['advanced And', new models.AdvancedFilter(target('Level'), 'And', [{ operator: 'GreaterThan', value: 1 }]).toJSON(), 5],
    ['top 1 by Count', new models.TopNFilter(target('AccountType'), 'Top', 1, target('Count')).toJSON(), 5],
    ['another table', new models.BasicFilter({ table: 'Orders', column: 'AccountType' }, 'In', ['x']).toJSON(), 11],
    ['an unknown column', new models.BasicFilter(target('Region'), 'In', ['x']).toJSON(), 11],
  ])('%s', (_name, filter, total) => {
    const kept = applyFilter(rows, filter as models.IFilter);

    expect(kept.reduce((s, r) => s + Number(r.Count), 0)).toBe(total);
  });

  it('aggregates by category, summing the value or counting rows', () => {
    expect(aggregate(rows, 'State', 'Count')).toEqual([
      { category: 'Active', value: 10 },
      { category: 'Suspended', value: 1 },
    ]);
    expect(aggregate(rows, 'Level', undefined)).toEqual([
      { category: '1', value: 3 },
      { category: '2', value: 1 },
    ]);
  });

  it('draws every value of a named range, a zero where no row has it, but nothing for no rows at all (decision 0083)', () => {
    const revenue: Row[] = [
      { Month: '2026-03', Amount: 5 },
      { Month: '2026-03', Amount: 2 },
    ];
    const range = ['2026-01', '2026-02', '2026-03'];

    expect(aggregate(revenue, 'Month', 'Amount', range)).toEqual([
      { category: '2026-01', value: 0 },
      { category: '2026-02', value: 0 },
      { category: '2026-03', value: 7 },
    ]);
    expect(aggregate([], 'Month', 'Amount', range)).toEqual([]);
  });

  it('applies the four filter operations', () => {
    const a = new models.BasicFilter(target('State'), 'In', ['Active']).toJSON() as models.IFilter;
    const b = new models.BasicFilter(target('State'), 'In', ['Suspended']).toJSON() as models.IFilter;
    const c = new models.BasicFilter(target('AccountType'), 'In', ['User']).toJSON() as models.IFilter;

    expect(updateFilters([a, c], models.FiltersOperations.RemoveAll)).toEqual([]);
    expect(updateFilters([a], models.FiltersOperations.ReplaceAll, [c])).toEqual([c]);
    expect(updateFilters([a], models.FiltersOperations.Add, [c])).toEqual([a, c]);
    expect(updateFilters([a, c], models.FiltersOperations.Replace, [b])).toEqual([c, b]);
  });

  it('writes RFC 4180 CSV', () => {
    expect(
      toCsv(
        ['Name', 'N'],
        [
          ['A, "B"', 1],
          [null, 2],
        ],
      ),
    ).toBe('Name,N\r\n"A, ""B""",1\r\n,2');
  });
});

/** A window stand-in: records what is posted to it and lets tests deliver messages. */
function fakeWindows() {
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const listeners: ((event: MessageEvent) => void)[] = [];
  const parent = {
    postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }),
  } as unknown as Window;
  const self = { addEventListener: (_: string, fn: (event: MessageEvent) => void) => listeners.push(fn) } as unknown as Window;
  const deliver = (data: unknown, origin: string, source: unknown = parent) => {
    for (const fn of listeners) fn({ data, origin, source } as MessageEvent);
  };
  return { posted, parent, self, deliver };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const request = { method: 'GET', url: '/report/zoom', headers: { id: 'r1' } };

describe('the frame channel', () => {
  it("answers the parent's origin, never '*'", async () => {
    const w = fakeWindows();
    new Channel(w.self, w.parent, 'https://host.example').on('GET', '/report/zoom', () => ({ statusCode: 200, body: 1 }));

    w.deliver(request, 'https://host.example');
    await flush();

    expect(w.posted).toEqual([
      { message: { statusCode: 200, headers: { id: 'r1' }, body: 1 }, targetOrigin: 'https://host.example' },
    ]);
  });

  it('ignores messages from another origin or another window', async () => {
    const w = fakeWindows();
    new Channel(w.self, w.parent, 'https://host.example').on('GET', '/report/zoom', () => ({ statusCode: 200, body: 1 }));

    w.deliver(request, 'https://evil.example');
    w.deliver(request, 'https://host.example', {});
    await flush();

    expect(w.posted).toEqual([]);
  });

  it('takes the origin of the first message when the parent origin is unknown, then holds to it', async () => {
    const w = fakeWindows();
    const channel = new Channel(w.self, w.parent, null).on('GET', '/report/zoom', () => ({ statusCode: 200, body: 1 }));
    channel.emit('u1', 'loaded');

    w.deliver(request, 'https://first.example');
    w.deliver({ ...request, headers: { id: 'r2' } }, 'https://second.example');
    await flush();

    expect(w.posted.map((p) => p.targetOrigin)).toEqual(['https://first.example']);
    expect(channel.origin).toBe('https://first.example');
  });

  it('answers unknown routes with 404 and posts events as requests', async () => {
    const w = fakeWindows();
    const channel = new Channel(w.self, w.parent, 'https://host.example');

    w.deliver({ method: 'GET', url: '/report/nothing', headers: { id: 'r3' } }, 'https://host.example');
    channel.emit('u1', 'rendered');
    await flush();

    const messages = w.posted.map((p) => p.message as Record<string, unknown>);
    expect(messages.find((m) => 'method' in m)).toMatchObject({ method: 'POST', url: '/reports/u1/events/rendered', body: null });
    expect(messages.find((m) => 'statusCode' in m)).toMatchObject({ statusCode: 404, headers: { id: 'r3' } });
  });

  it('reads the parent origin from ancestorOrigins, else the referrer', () => {
    const ancestors = { length: 1, item: () => 'https://a.example' } as unknown as DOMStringList;

    expect(initialParentOrigin({ ancestorOrigins: ancestors } as unknown as Location, 'https://b.example/x')).toBe(
      'https://a.example',
    );
    expect(initialParentOrigin({} as Location, 'https://b.example/x')).toBe('https://b.example');
    expect(initialParentOrigin({} as Location, '')).toBeNull();
  });
});
