import { describe, expect, it } from 'vitest';
import { fileUrl } from '../file-url';

describe('fileUrl', () => {
  it.each([
    [null, null],
    ['', null],
    ['/service-icons/backup.png', '/service-icons/backup.png'],
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['3f2a-logo.png', '/keeper/download/3f2a-logo.png'],
    ['a b.png', '/keeper/download/a%20b.png'],
  ])('%s -> %s', (reference, url) => {
    expect(fileUrl(reference)).toBe(url);
  });
});
