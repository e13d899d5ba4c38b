import { describe, expect, it } from 'vitest';
import * as models from '../models/index.js';
import { loadReference, toRealm } from './helpers/reference.js';
import { validationCases } from './helpers/validation-cases.js';

const ref = loadReference();
const plain = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

describe('[E5.1] validators return the same error lists as powerbi-models (via powerbi-client 2.23.1)', () => {
  it(`[E5.1] agrees on all ${validationCases.length} inputs`, () => {
    const mismatches: string[] = [];
    for (const [fn, input] of validationCases) {
      const ours = plain(
        (models as unknown as Record<string, (x: unknown) => unknown>)[fn](
          input === undefined ? undefined : JSON.parse(JSON.stringify(input)),
        ),
      );
      const theirs = plain(ref.models[fn](toRealm(ref.window, input)));
      if (JSON.stringify(ours) !== JSON.stringify(theirs))
        mismatches.push(`${fn}(${JSON.stringify(input)}): ours ${JSON.stringify(ours)} reference ${JSON.stringify(theirs)}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('exports every validate* function the reference models export', () => {
    const theirs = Object.keys(ref.models)
      .filter((k) => k.startsWith('validate'))
      .sort();
    const ours = Object.keys(models)
      .filter((k) => k.startsWith('validate'))
      .sort();
    expect(ours).toEqual(theirs);
  });
});
