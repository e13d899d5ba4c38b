import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../lib/api-client';
import { isXlsxName, rowErrorsOf } from '../upload';

describe('price uploads [M5.5]', () => {
  it.each([
    ['prices.xlsx', true],
    ['PRICES.XLSX', true],
    ['prices.xls', false],
    ['prices.xlsm', false],
    ['prices.csv', false],
  ])('[M5.5] %s is an .xlsx file: %s', (name, ok) => {
    expect(isXlsxName(name)).toBe(ok);
  });

  it('reads the refused rows of a problem', () => {
    const error = new ApiError(422, {
      type: 'about:blank',
      title: 'x',
      status: 422,
      code: 'VALIDATION_FAILED',
      rowErrors: [{ Row: 3, Column: 'Custom price', Reason: 'Enter a price' }, { bad: true }],
    } as never);

    expect(rowErrorsOf(error)).toEqual([{ Row: 3, Column: 'Custom price', Reason: 'Enter a price' }]);
    expect(rowErrorsOf(new Error('x'))).toEqual([]);
  });
});
