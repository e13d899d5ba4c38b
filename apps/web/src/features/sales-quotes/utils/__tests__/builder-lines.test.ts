import type { MarketService, MarketServiceField } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  addService,
  changeAmount,
  changeField,
  changeTotalUsers,
  fieldValue,
  linesForServer,
  numericFieldProblem,
  removeLine,
  unmetByLine,
} from '../builder-lines';

const field = (over: Partial<MarketServiceField>): MarketServiceField => ({
  Id: 'f',
  DisplayName: 'F',
  FieldType: 'Numeric',
  Value: '',
  AvailableValues: [],
  PlaceholderDefaultValue: '',
  MinValue: null,
  MaxValue: null,
  ...over,
});

const service = (name: string, over: Partial<MarketService> = {}): MarketService => ({
  ServiceName: name,
  ProductName: name,
  DisplayName: name.toUpperCase(),
  Icon: null,
  Amount: 1,
  IsUserProduct: false,
  Fields: [],
  ChargeRules: [],
  Dependencies: [],
  ...over,
});

describe('quote builder lines', () => {
  it('[M4.3] adds a new line at the top', () => {
    const lines = addService(addService([], service('a'), 10, 'k1'), service('b'), 10, 'k2');

    expect(lines.map((l) => l.ProductName)).toEqual(['b', 'a']);
  });

  it('[M4.3] a dependency not on the quote is unmet until it is added', () => {
    const withMain = addService([], service('main', { Dependencies: ['dep'] }), 10, 'k1');

    expect(unmetByLine(withMain).get('k1')).toEqual(['dep']);
    expect(unmetByLine(addService(withMain, service('dep'), 10, 'k2')).get('k1')).toEqual([]);
  });

  it('[M4.3] removing a dependency returns it to the unmet list of the line that requires it', () => {
    const lines = addService(addService([], service('main', { Dependencies: ['dep'] }), 10, 'k1'), service('dep'), 10, 'k2');

    const after = removeLine(lines, 'k2');

    expect(after.map((l) => l.ProductName)).toEqual(['main']);
    expect(unmetByLine(after).get('k1')).toEqual(['dep']);
  });

  it('[M4.4] a user product starts for all users, another with its amount', () => {
    const lines = addService(
      addService([], service('u', { IsUserProduct: true }), 25, 'k1'),
      service('n', { Amount: 3 }),
      25,
      'k2',
    );

    expect(lines.find((l) => l.Key === 'k1')).toMatchObject({ Amount: 25, IsSyncWithUserAmount: true });
    expect(lines.find((l) => l.Key === 'k2')).toMatchObject({ Amount: 3, IsSyncWithUserAmount: false });
  });

  it('[M4.4] an amount other than the total clears all users; the total sets it again', () => {
    const lines = addService([], service('u', { IsUserProduct: true }), 20, 'k');

    const fewer = changeAmount(lines, 'k', 5, 20);

    expect(fewer[0]).toMatchObject({ Amount: 5, IsSyncWithUserAmount: false });
    expect(changeAmount(fewer, 'k', 20, 20)[0]).toMatchObject({ Amount: 20, IsSyncWithUserAmount: true });
  });

  it('[M4.5] all-users lines follow the total and amounts above it are capped', () => {
    const lines = changeAmount(
      addService(addService([], service('u', { IsUserProduct: true }), 40, 'k1'), service('n'), 40, 'k2'),
      'k2',
      30,
      40,
    );

    const after = changeTotalUsers(lines, 10);

    expect(after.find((l) => l.Key === 'k1')).toMatchObject({ Amount: 10, IsSyncWithUserAmount: true });
    expect(after.find((l) => l.Key === 'k2')).toMatchObject({ Amount: 10, IsSyncWithUserAmount: false });
  });

  it('[M5.8] a combobox line field shows its first value until one is chosen', () => {
    const plan = field({ Id: 'plan', FieldType: 'Combobox', AvailableValues: [{ Value: 'Gold' }, { Value: 'Silver' }] });
    const lines = addService([], service('c', { Fields: [{ ...plan, Value: '' }] }), 5, 'k');

    expect(fieldValue(lines[0]!, plan)).toBe('Gold');
    expect(fieldValue(changeField(lines, 'k', 'plan', 'Silver')[0]!, plan)).toBe('Silver');
  });

  it('sends the lines without the screen extras', () => {
    const [line] = linesForServer(addService([], service('a'), 5, 'k'));

    expect(line).not.toHaveProperty('Key');
    expect(line).not.toHaveProperty('Service');
    expect(line).toMatchObject({ ProductName: 'a', Amount: 1 });
  });

  it.each([
    { value: '5', problem: null },
    { value: '', problem: null },
    { value: '0', problem: { key: 'min', limit: 1 } },
    { value: '11', problem: { key: 'max', limit: 10 } },
    { value: 'x', problem: { key: 'notNumber' } },
  ])('[M5.9] a numeric value "$value" against MinValue 1 and MaxValue 10', ({ value, problem }) => {
    expect(numericFieldProblem(field({ MinValue: 1, MaxValue: 10 }), value)).toEqual(problem);
  });
});
