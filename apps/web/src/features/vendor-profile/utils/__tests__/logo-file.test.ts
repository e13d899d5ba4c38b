import { describe, expect, it } from 'vitest';
import { charactersLeft, hasProfileChanges, isLogoLargeEnough, logoFileProblem, MAX_LOGO_BYTES } from '../logo-file';

describe('[M5.12] logoFileProblem', () => {
  it.each([
    { name: 'logo.png', type: 'image/png', size: 100, expected: null },
    { name: 'LOGO.JPG', type: 'image/jpeg', size: 100, expected: null },
    { name: 'logo.jpeg', type: '', size: 100, expected: null },
    { name: 'logo.gif', type: 'image/gif', size: 100, expected: null },
    { name: 'logo.svg', type: 'image/svg+xml', size: 100, expected: 'type' },
    { name: 'logo.webp', type: 'image/webp', size: 100, expected: 'type' },
    { name: 'logo', type: 'image/png', size: 100, expected: 'type' },
    { name: 'logo.png', type: 'text/plain', size: 100, expected: 'type' },
    { name: 'logo.png', type: 'image/png', size: 0, expected: 'empty' },
    { name: 'logo.png', type: 'image/png', size: MAX_LOGO_BYTES + 1, expected: 'tooLarge' },
  ])('$name ($type, $size bytes): $expected', ({ expected, ...file }) => {
    expect(logoFileProblem(file)).toBe(expected);
  });
});

describe('[M5.12] isLogoLargeEnough', () => {
  it.each([
    { width: 496, height: 208, expected: true },
    { width: 1000, height: 600, expected: true },
    { width: 495, height: 208, expected: false },
    { width: 496, height: 207, expected: false },
  ])('$width x $height: $expected', ({ expected, ...size }) => {
    expect(isLogoLargeEnough(size)).toBe(expected);
  });
});

describe('[M5.12] hasProfileChanges', () => {
  const saved = { Description: 'Hello', Icon: '/keeper/download/a.png' };

  it.each([
    { name: 'nothing changed', draft: { ...saved }, expected: false },
    { name: 'the description changed', draft: { ...saved, Description: 'Hello!' }, expected: true },
    { name: 'a new logo', draft: { ...saved, Icon: 'b.png' }, expected: true },
    { name: 'the logo removed', draft: { ...saved, Icon: null }, expected: true },
  ])('$name: $expected', ({ draft, expected }) => {
    expect(hasProfileChanges(saved, draft)).toBe(expected);
  });
});

describe('[M2.56] charactersLeft', () => {
  it.each([
    { text: '', expected: 700 },
    { text: 'abc', expected: 697 },
    { text: 'x'.repeat(700), expected: 0 },
  ])('$expected left', ({ text, expected }) => {
    expect(charactersLeft(text, 700)).toBe(expected);
  });
});
