import { describe, expect, it } from 'vitest';
import { canLeaveStep, type ImportAnswers, importSteps, isXlsmName } from '../import-steps';
import { previewPage, previewRows } from '../preview-rows';

const header = ['Display name *', 'Username *'];

describe('previewRows', () => {
  it('[A9.6] numbers rows from spreadsheet row 2 and sorts rows with errors first', () => {
    const rows = previewRows({
      Content: [header, ['Ann', 'ann'], ['', 'bob'], ['Cy', 'cy'], ['Di', '']],
      Errors: [
        { Row: 5, ErrorDetails: 'Username: Username is required' },
        { Row: 3, ErrorDetails: 'Display name: Display name is required' },
      ],
    });

    expect(rows.map((r) => [r.row, r.error !== null])).toEqual([
      [3, true],
      [5, true],
      [2, false],
      [4, false],
    ]);
    expect(rows[0]?.cells).toEqual(['', 'bob']);
  });

  it('puts a header error first, with the header cells', () => {
    const rows = previewRows({
      Content: [['Shoe size'], ['42']],
      Errors: [{ Row: 1, ErrorDetails: 'Shoe size is not a field of this template' }],
    });

    expect(rows.map((r) => r.row)).toEqual([1, 2]);
    expect(rows[0]?.cells).toEqual(['Shoe size']);
  });
});

describe('previewPage', () => {
  const rows = Array.from({ length: 16 }, (_, i) => i + 2);
  it.each([
    { page: 1, first: 2, count: 7, pages: 3 },
    { page: 3, first: 16, count: 2, pages: 3 },
    { page: 9, first: 16, count: 2, pages: 3 },
    { page: 0, first: 2, count: 7, pages: 3 },
  ])('[A9.6] page $page of 7 rows a page starts at row $first', ({ page, first, count, pages }) => {
    const result = previewPage(rows, page);

    expect(result.rows[0]).toBe(first);
    expect(result.rows).toHaveLength(count);
    expect(result.pages).toBe(pages);
  });

  it('has one empty page without rows', () => {
    expect(previewPage([], 1)).toEqual({ rows: [], pages: 1, page: 1 });
  });
});

describe('canLeaveStep', () => {
  const upload = { path: 'a.xlsm', originalName: 'a.xlsm', uploadedAt: 0 };
  const base: ImportAnswers = { type: 'User', parentId: 7, productName: null, name: 'Spring hires', upload };
  it.each([
    { step: 'type' as const, answers: { ...base, type: null }, ok: false },
    { step: 'type' as const, answers: base, ok: true },
    { step: 'parent' as const, answers: { ...base, parentId: null }, ok: false },
    { step: 'service' as const, answers: { ...base, type: 'Product' as const }, ok: false },
    { step: 'service' as const, answers: { ...base, type: 'Product' as const, productName: 'Backup' }, ok: true },
    { step: 'template' as const, answers: { ...base, name: '  ' }, ok: false },
    { step: 'template' as const, answers: { ...base, upload: null }, ok: false },
    { step: 'template' as const, answers: base, ok: true },
  ])('[A5.4] $step with $answers.name and an upload: $ok', ({ step, answers, ok }) => {
    expect(canLeaveStep(step, answers)).toBe(ok);
  });
});

describe('importSteps', () => {
  it.each([
    { type: 'User' as const, steps: ['type', 'parent', 'template', 'preview'] },
    { type: 'Product' as const, steps: ['type', 'parent', 'service', 'template', 'preview'] },
    { type: null, steps: ['type', 'parent', 'template', 'preview'] },
  ])('[A2.46] [A4.11] $type imports go through $steps', ({ type, steps }) => {
    expect(importSteps(type)).toEqual(steps);
  });
});

describe('isXlsmName', () => {
  it.each([
    { name: 'users.xlsm', ok: true },
    { name: 'USERS.XLSM', ok: true },
    { name: 'users.xlsx', ok: false },
    { name: 'users.xlsm.pdf', ok: false },
  ])('[A5.4] $name: $ok', ({ name, ok }) => {
    expect(isXlsmName(name)).toBe(ok);
  });
});
