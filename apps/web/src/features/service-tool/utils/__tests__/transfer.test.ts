import { describe, expect, it } from 'vitest';
import { exportFileName, hasFileApi, MAX_IMPORT_BYTES, parseImportFile } from '../transfer';

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

describe('[M5.5] the service import accepts only .json files', () => {
  it.each([
    ['service.json', true],
    ['SERVICE.JSON', true],
    ['service.txt', false],
    ['service.json.xlsx', false],
    ['service', false],
  ])('%s accepted: %s', (name, accepted) => {
    expect(parseImportFile('{"ServiceName":"x"}', 19, name).ok).toBe(accepted);
  });

  it('refuses a browser without the File APIs', () => {
    const api = () => undefined;
    expect(hasFileApi({ File: api, FileReader: api, Blob: api })).toBe(true);
    expect(hasFileApi({ File: api, FileReader: undefined, Blob: api })).toBe(false);
    expect(hasFileApi({})).toBe(false);
  });
});
