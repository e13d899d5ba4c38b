import { describe, expect, it } from 'vitest';
import { exportFileName, MAX_IMPORT_BYTES, parseImportFile } from '../transfer';

describe('exportFileName', () => {
  it.each([
    ['Fabrikam Mail Security', 'Fabrikam Mail Security.json'],
    ['a/b\\c:d', 'a_b_c_d.json'],
    ['tab\there', 'tab_here.json'],
    ['   ', 'service.json'],
  ])('[S4.1] saves %j as %j', (name, file) => {
    expect(exportFileName(name)).toBe(file);
  });
});

describe('parseImportFile', () => {
  it.each([
    { what: 'a JSON document', text: '{"ServiceName":"x"}', size: 19, expected: { ok: true, value: { ServiceName: 'x' } } },
    { what: 'text that is not JSON', text: '{ not json', size: 10, expected: { ok: false, reason: 'notJson' } },
    { what: 'a file over 5 MB', text: '{}', size: MAX_IMPORT_BYTES + 1, expected: { ok: false, reason: 'tooLarge' } },
  ])('[S4.1] reads $what', ({ text, size, expected }) => {
    expect(parseImportFile(text, size)).toEqual(expected);
  });
});
