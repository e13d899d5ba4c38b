import { describe, expect, it } from 'vitest';
import { demoLogo, encodePng } from '../vendor-profiles.demo.js';
import { checkLogo, iconReference, inspectImage, LOGO_KIND_MESSAGE, profileChanges } from '../vendor-profiles.rules.js';

const png = (width: number, height: number) => encodePng(width, height, () => [10, 20, 30]);

/** A GIF89a header with its logical screen size and an empty image. */
const gif = (width: number, height: number) => {
  const head = Buffer.from('GIF89a\0\0\0\0\0\0\0', 'latin1');
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  return Buffer.concat([head, Buffer.from([0x3b])]);
};

/** A baseline JPEG's markers: SOI, an APP0 (JFIF) segment, a DQT segment, SOF0 with the size, EOI. */
const jpeg = (width: number, height: number, frame = 0xc0) => {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const dqt = Buffer.concat([Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x00]), Buffer.alloc(64, 1)]);
  const sof = Buffer.from([0xff, frame, 0x00, 0x11, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, dqt, sof, Buffer.from([0xff, 0xd9])]);
};

describe('inspectImage reads kind and size from the bytes', () => {
  it.each([
    { name: 'a PNG', bytes: png(500, 210), expected: { kind: 'png', width: 500, height: 210 } },
    { name: 'a GIF', bytes: gif(640, 300), expected: { kind: 'gif', width: 640, height: 300 } },
    { name: 'a baseline JPEG', bytes: jpeg(800, 400), expected: { kind: 'jpeg', width: 800, height: 400 } },
    { name: 'a progressive JPEG', bytes: jpeg(496, 208, 0xc2), expected: { kind: 'jpeg', width: 496, height: 208 } },
  ])('$name', ({ bytes, expected }) => {
    expect(inspectImage(bytes)).toEqual(expected);
  });

  it.each([
    { name: 'a text file', bytes: Buffer.from('496 x 208 logo, honestly\n') },
    { name: 'an empty file', bytes: Buffer.alloc(0) },
    { name: 'a PDF', bytes: Buffer.from('%PDF-1.7\n%âãÏÓ\n') },
    { name: 'a PNG signature without its header chunk', bytes: png(600, 300).subarray(0, 12) },
    { name: 'a JPEG that ends before any frame', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) },
  ])('refuses $name', ({ bytes }) => {
    expect(inspectImage(bytes)).toBeNull();
  });
});

describe('[M5.12] checkLogo', () => {
  it.each([
    { name: 'a PNG of exactly 496 x 208', bytes: png(496, 208) },
    { name: 'a larger GIF', bytes: gif(992, 416) },
    { name: 'a larger JPEG', bytes: jpeg(1000, 500) },
  ])('accepts $name', ({ bytes }) => {
    expect(checkLogo(bytes).ok).toBe(true);
  });

  it.each([
    { name: 'a PNG one pixel too narrow', bytes: png(495, 208), size: '495 x 208' },
    { name: 'a PNG one pixel too low', bytes: png(496, 207), size: '496 x 207' },
    { name: 'a small GIF', bytes: gif(88, 88), size: '88 x 88' },
    { name: 'a small JPEG', bytes: jpeg(300, 100), size: '300 x 100' },
  ])('refuses $name, naming its size', ({ bytes, size }) => {
    const check = checkLogo(bytes);

    expect(check).toEqual({ ok: false, message: `The logo must be at least 496 x 208 pixels; this one is ${size}` });
  });

  it('judges a GIF named .png by its bytes: a small one is refused for its size', () => {
    // The name plays no part: only bytes reach the check.
    expect(checkLogo(gif(100, 50))).toMatchObject({ ok: false, message: expect.stringContaining('100 x 50') });
  });

  it('refuses a text file whatever it is called', () => {
    expect(checkLogo(Buffer.from('not an image'))).toEqual({ ok: false, message: LOGO_KIND_MESSAGE });
  });

  it('[M9.12] accepts the generated demo logos, which are 496 x 208', () => {
    const logo = demoLogo('Fabrikam Security', [150, 30, 45]);

    expect(inspectImage(logo)).toEqual({ kind: 'png', width: 496, height: 208 });
  });
});

describe('iconReference', () => {
  const name = `${'a1'.repeat(16)}.png`;

  it.each([
    { icon: null, expected: { ok: true, name: null } },
    { icon: '', expected: { ok: true, name: null } },
    { icon: name, expected: { ok: true, name } },
    { icon: `/keeper/download/${name}`, expected: { ok: true, name } },
    { icon: `${'a1'.repeat(16)}.pdf`, expected: { ok: false } },
    { icon: '../../etc/passwd', expected: { ok: false } },
    { icon: 'https://example.com/logo.png', expected: { ok: false } },
  ])('$icon', ({ icon, expected }) => {
    expect(iconReference(icon)).toEqual(expected);
  });
});

describe('profileChanges names only what changed', () => {
  it.each([
    {
      name: 'the description',
      before: { description: 'a', iconFileId: 'x.png' },
      after: { description: 'b', iconFileId: 'x.png' },
      expected: { before: { Description: 'a' }, after: { Description: 'b' } },
    },
    {
      name: 'the logo',
      before: { description: 'a', iconFileId: null },
      after: { description: 'a', iconFileId: 'y.png' },
      expected: { before: { Icon: null }, after: { Icon: 'y.png' } },
    },
    {
      name: 'nothing',
      before: { description: 'a', iconFileId: null },
      after: { description: 'a', iconFileId: null },
      expected: { before: {}, after: {} },
    },
  ])('$name', ({ before, after, expected }) => {
    expect(profileChanges(before, after)).toEqual(expected);
  });
});
