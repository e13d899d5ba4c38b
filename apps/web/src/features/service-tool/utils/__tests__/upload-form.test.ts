import { describe, expect, it } from 'vitest';
import { fileHref, isUpload, MAX_SERVICE_UPLOAD_BYTES, uploadProblem } from '../upload-form';

const NAME = `${'0a'.repeat(16)}.png`;

describe('uploadProblem', () => {
  it.each([
    { kind: 'image', name: 'logo.png', size: 10, expected: null },
    { kind: 'image', name: 'LOGO.JPEG', size: 10, expected: null },
    { kind: 'image', name: 'anim.gif', size: 10, expected: null },
    { kind: 'image', name: 'logo.svg', size: 10, expected: 'imageType' },
    { kind: 'image', name: 'manual.pdf', size: 10, expected: 'imageType' },
    { kind: 'image', name: 'noextension', size: 10, expected: 'imageType' },
    { kind: 'image', name: 'big.png', size: MAX_SERVICE_UPLOAD_BYTES + 1, expected: 'tooLarge' },
    { kind: 'image', name: 'edge.png', size: MAX_SERVICE_UPLOAD_BYTES, expected: null },
    { kind: 'file', name: 'manual.pdf', size: 10, expected: null },
    { kind: 'file', name: 'sheet.xlsx', size: 10, expected: null },
    { kind: 'file', name: 'setup.exe', size: 10, expected: 'fileType' },
  ] as const)('[S5.6] $kind $name ($size bytes): $expected', ({ kind, name, size, expected }) => {
    expect(uploadProblem(kind, { name, size })).toBe(expected);
  });
});

describe('fileHref', () => {
  it.each([
    [NAME, `/keeper/download/${NAME}`],
    ['/service-icons/backup.png', '/service-icons/backup.png'],
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
  ])('shows %s from %s', (url, href) => {
    expect(fileHref(url)).toBe(href);
    expect(isUpload(url)).toBe(url === NAME);
  });
});
