import { defineOperation } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedOutput, firstDifference } from '../output-check.js';

const Op = defineOperation({
  name: 'Probe',
  summary: 'probe',
  input: z.object({}),
  output: z.object({
    Id: z.number(),
    Items: z.array(z.object({ Name: z.string() })),
    Note: z.string().default('none'),
  }),
  access: { kind: 'session' },
  mutating: false,
});

const exact = { Id: 1, Items: [{ Name: 'a' }], Note: 'x' };

describe('checkedOutput, strict (tests)', () => {
  const strict = { strict: true, trusted: new Set<string>() };

  it('answers a result that is exactly its contract, whatever the key order', () => {
    expect(checkedOutput(Op, { Note: 'x', Items: [{ Name: 'a' }], Id: 1 }, strict)).toEqual(exact);
  });

  it('fails on a key the contract does not name, saying where', () => {
    expect(() => checkedOutput(Op, { ...exact, Items: [{ Name: 'a', secret: 1 }] }, strict)).toThrow(
      "Probe: the handler's result differs from its output contract at .Items[0].secret: a key the contract does not name",
    );
  });

  it('fails on a key the contract fills in with its default', () => {
    expect(() => checkedOutput(Op, { Id: 1, Items: [] }, strict)).toThrow(".Note: missing from the handler's result");
  });

  it('fails, as before, on a result the contract refuses', () => {
    expect(() => checkedOutput(Op, { ...exact, Id: 'one' }, strict)).toThrow();
  });
});

describe('checkedOutput, production', () => {
  it('answers a trusted operation as its handler returned it, without parsing', () => {
    const result = { ...exact, extra: true };
    expect(checkedOutput(Op, result, { strict: false, trusted: new Set(['Probe']) })).toBe(result);
  });

  it('parses every other operation', () => {
    expect(checkedOutput(Op, { ...exact, extra: true }, { strict: false, trusted: new Set() })).toEqual(exact);
  });
});

describe('firstDifference', () => {
  it.each([
    { a: { x: [1, 2] }, b: { x: [1, 2] }, found: null },
    { a: { x: [1, 2] }, b: { x: [1] }, found: '.x: 2 items, the contract keeps 1' },
    { a: { x: null }, b: { x: 0 }, found: '.x: null, the contract makes it 0' },
    { a: 'a', b: 'b', found: '(the answer): "a", the contract makes it "b"' },
  ])('finds $found', ({ a, b, found }) => {
    expect(firstDifference(a, b, '')).toBe(found);
  });
});
