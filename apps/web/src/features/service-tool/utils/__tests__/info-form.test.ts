import { blankServiceDocument } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyInfoValues,
  infoErrors,
  infoInputOf,
  infoUpdate,
  infoValuesOf,
  introRemaining,
  serviceNameFrom,
} from '../info-form';

const values = (over = {}) => ({ ...infoValuesOf(blankServiceDocument()), ...over });

describe('the Info tab form', () => {
  it.each([
    ['Contoso Backup 500 GB', 'Contoso Backup 500 GB'],
    ['  Fabrikam: EDR / add-on!  ', 'Fabrikam EDR add-on'],
    ['-- Leading dashes', 'Leading dashes'],
  ])('derives the service name of %j: %j', (display, name) => {
    expect(serviceNameFrom(display)).toBe(name);
  });

  it('[S3.1] turns parent types and parent services into Parents and back', () => {
    const doc = applyInfoValues(
      blankServiceDocument(),
      values({ ParentAccountTypes: ['Company', 'Product'], ParentServices: ['A', 'B'] }),
    );

    expect(doc.Parents).toEqual([
      { ParentAccountType: 'Company', ParentProductName: null },
      { ParentAccountType: 'Product', ParentProductName: 'A' },
      { ParentAccountType: 'Product', ParentProductName: 'B' },
    ]);
    expect(infoValuesOf(doc)).toMatchObject({ ParentAccountTypes: ['Company', 'Product'], ParentServices: ['A', 'B'] });
  });

  it('[S2.5] [S5.5] gives the Info messages by input, required ones first', () => {
    const doc = applyInfoValues(
      blankServiceDocument(),
      values({ ShortDescription: 'x'.repeat(71), ParentAccountTypes: ['Product'] }),
    );

    expect(infoErrors(doc, 'create')).toEqual({
      ServiceName: 'Service name is required',
      DisplayName: 'Service name is required',
      ShortDescription: 'Intro text can be at most 70 characters',
      Category: 'Category is required',
      ParentServices: 'Choose the parent service for the Product parent type',
      Icon: 'Icon is required',
    });
  });

  it('[S5.1] leaves other tabs’ errors out and adds the server’s', () => {
    const doc = applyInfoValues(
      blankServiceDocument(),
      values({
        DisplayName: 'x',
        ServiceName: 'x',
        Category: 'Backup',
        ParentAccountTypes: ['Company'],
        Icon: '/service-icons/backup.png',
      }),
    );

    expect(
      infoErrors(doc, 'create', [
        { field: 'ServiceName', message: 'A service with this name already exists' },
        { field: 'Fields.0.DisplayName', message: 'x' },
      ]),
    ).toEqual({
      ServiceName: 'A service with this name already exists',
    });
  });

  it.each([
    ['Parents.0.ParentProductName', 'ParentServices'],
    ['Parents', 'ParentAccountTypes'],
    ['Tags.3', 'Tags'],
    ['Icon', 'Icon'],
    ['BillingRules', null],
  ])('shows an error on %s at the %s input', (path, input) => {
    expect(infoInputOf(path)).toBe(input);
  });

  it('[S5.5] counts the intro text down from 70', () => {
    expect(introRemaining('Hello')).toBe(65);
  });

  it('[S6.2] sends only Info properties on edit, never Parents', () => {
    const update = infoUpdate({ ...blankServiceDocument(), ServiceName: 'x' });

    expect(Object.keys(update).sort()).toEqual(
      ['CanHaveOnlyOneInstanceUnderParent', 'Category', 'DisplayName', 'Icon', 'ServiceName', 'ShortDescription', 'Tags'].sort(),
    );
  });
});
