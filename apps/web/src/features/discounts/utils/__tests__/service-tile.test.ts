import { describe, expect, it } from 'vitest';
import { cutServiceName } from '../service-tile';

const letters = (n: number) => 'abcdefghij'.repeat(10).slice(0, n);

describe('[A9.3] cutServiceName', () => {
  it.each([
    { length: 0, shown: '' },
    { length: 1, shown: 'a' },
    { length: 46, shown: letters(46) },
    { length: 47, shown: letters(47) },
    { length: 48, shown: letters(48) },
    { length: 49, shown: letters(49) },
    { length: 50, shown: `${letters(46)}…` },
    { length: 51, shown: `${letters(46)}…` },
    { length: 100, shown: `${letters(46)}…` },
  ])('a name of $length characters is shown as "$shown"', ({ length, shown }) => {
    expect(cutServiceName(letters(length))).toBe(shown);
  });

  it('keeps 46 characters and one ellipsis: 47 characters in all', () => {
    const cut = cutServiceName('Fabrikam Compliance Training for Regulated Industries and the Public Sector');
    expect(cut).toBe('Fabrikam Compliance Training for Regulated Ind…');
    expect(Array.from(cut)).toHaveLength(47);
  });

  it('keeps the spaces as they are, also one just before the cut', () => {
    expect(cutServiceName(`${'x'.repeat(45)} ${'y'.repeat(10)}`)).toBe(`${'x'.repeat(45)} …`);
    expect(cutServiceName(`  ${'x'.repeat(47)}`)).toBe(`  ${'x'.repeat(47)}`);
  });

  describe('counts characters, not UTF-16 code units', () => {
    it.each([
      ['CJK', '表'],
      ['accented letter', 'é'],
      ['astral code point', '𝒜'],
      ['emoji', '😀'],
    ])('49 %s characters are kept whole, 50 are cut to 46 and "…"', (_kind, char) => {
      expect(cutServiceName(char.repeat(49))).toBe(char.repeat(49));
      expect(cutServiceName(char.repeat(50))).toBe(`${char.repeat(46)}…`);
    });

    it('never splits a surrogate pair at the cut', () => {
      // 45 letters then emoji: the 46th character is an emoji of two code units.
      const cut = cutServiceName(`${letters(45)}${'😀'.repeat(10)}`);
      expect(cut).toBe(`${letters(45)}😀…`);
      expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    });

    it.each([
      ['a letter and its combining accent', 'e\u0301'],
      ['a flag of two regional indicators', '🇳🇱'],
      ['an emoji sequence joined by ZWJ', '👩‍💻'],
      ['an emoji with a skin tone', '👍🏽'],
    ])('counts %s as one character and keeps it whole', (_kind, char) => {
      expect(cutServiceName(char.repeat(49))).toBe(char.repeat(49));
      expect(cutServiceName(char.repeat(50))).toBe(`${char.repeat(46)}…`);
      expect(cutServiceName(`${letters(45)}${char.repeat(5)}`)).toBe(`${letters(45)}${char}…`);
    });
  });
});
