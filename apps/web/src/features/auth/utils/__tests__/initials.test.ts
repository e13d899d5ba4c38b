import { describe, expect, it } from 'vitest';
import { initialsOf } from '../initials';

describe('initialsOf', () => {
  it.each([
    ['Noah de Vries', 'NV'],
    ['Provider Administrator', 'PA'],
    ['madonna', 'M'],
    ['  Élise   van  Dam ', 'ÉD'],
    ['', '?'],
    ['   ', '?'],
  ])('%j -> %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
