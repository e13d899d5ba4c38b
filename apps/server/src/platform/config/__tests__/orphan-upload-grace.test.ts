import { describe, expect, it } from 'vitest';
import { loadConfig, parseOrphanUploadGraceHours } from '../config.js';

describe('ORPHAN_UPLOAD_GRACE_HOURS', () => {
  it('is 24 hours when unset or empty', () => {
    expect(parseOrphanUploadGraceHours(undefined)).toBe(24);
    expect(parseOrphanUploadGraceHours(' ')).toBe(24);
    expect(loadConfig({}).orphanUploadGraceHours).toBe(24);
  });

  it.each([
    ['1', 1],
    [' 72 ', 72],
    ['8760', 8760],
  ])('takes %j as %i hours', (value, hours) => {
    expect(parseOrphanUploadGraceHours(value)).toBe(hours);
  });

  it.each(['0', '-5', '1.5', '8761', 'a day', '24h'])('refuses %j, naming the setting', (value) => {
    expect(() => parseOrphanUploadGraceHours(value)).toThrow(
      /ORPHAN_UPLOAD_GRACE_HOURS must be a whole number of hours from 1 to 8760/,
    );
  });
});
