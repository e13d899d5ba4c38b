import type { LayoutPage, View } from '@portal/contracts';
import { fieldDefinition } from '@portal/contracts/testing';
import { describe, expect, it } from 'vitest';
import {
  allTermsAccepted,
  applyAcceptance,
  formErrors,
  initialsOf,
  isTermsAccepted,
  linkedServices,
  nextUnacceptedTerms,
  orderErrorTarget,
  orderLastEnabledStep,
  referrerPath,
  stepOfOrderError,
} from '../ordering-steps';

const terms = (name: string, latest: number, accepted: number | null, group: string | null = null) => ({
  ServiceName: name,
  LatestRevision: latest,
  AcceptedRevision: accepted,
  GroupKey: group,
});

describe('orderLastEnabledStep', () => {
  it.each([
    // [M4.19] only the first step at the start
    [{ hasCustomer: false, configurationValid: true, termsAccepted: true, reached: 3 }, 0],
    // [M4.19] choosing a customer enables the configuration and no later step
    [{ hasCustomer: true, configurationValid: true, termsAccepted: true, reached: 0 }, 1],
    // [M4.20] the terms need a valid configuration
    [{ hasCustomer: true, configurationValid: false, termsAccepted: true, reached: 3 }, 1],
    [{ hasCustomer: true, configurationValid: true, termsAccepted: false, reached: 2 }, 2],
    // [M4.20] the review needs every term accepted
    [{ hasCustomer: true, configurationValid: true, termsAccepted: false, reached: 3 }, 2],
    [{ hasCustomer: true, configurationValid: true, termsAccepted: true, reached: 3 }, 3],
    [{ hasCustomer: true, configurationValid: true, termsAccepted: true, reached: 2 }, 2],
  ])('%o opens up to step %i', (params, expected) => {
    expect(orderLastEnabledStep(params)).toBe(expected);
  });
});

describe('terms', () => {
  it('counts an older accepted revision as not accepted', () => {
    expect(isTermsAccepted(terms('a', 2, 1))).toBe(false);
    expect(isTermsAccepted(terms('a', 2, null))).toBe(false);
    expect(isTermsAccepted(terms('a', 2, 2))).toBe(true);
  });

  it('accepts every service of a linked group the server names, and nothing else', () => {
    const before = [terms('a', 1, null, 'g'), terms('b', 3, 2, 'g'), terms('c', 1, null)];

    const after = applyAcceptance(before, [
      { ServiceName: 'a', Revision: 1 },
      { ServiceName: 'b', Revision: 3 },
    ]);

    expect(after.map(isTermsAccepted)).toEqual([true, true, false]);
    expect(allTermsAccepted(after)).toBe(false);
    expect(allTermsAccepted(applyAcceptance(after, [{ ServiceName: 'c', Revision: 1 }]))).toBe(true);
  });

  it('selects the next unaccepted terms after the current one, wrapping to the start', () => {
    const list = [terms('a', 1, null), terms('b', 1, 1), terms('c', 1, null)];

    expect(nextUnacceptedTerms(list, 0)).toBe(2);
    expect(nextUnacceptedTerms(list, 2)).toBe(0);
    expect(nextUnacceptedTerms([terms('a', 1, 1)], 0)).toBe(-1);
  });

  it('names the other services of a linked group', () => {
    const list = [terms('a', 1, null, 'g'), terms('b', 1, null, 'g'), terms('c', 1, null)];

    expect(linkedServices(list, 'a').map((t) => t.ServiceName)).toEqual(['b']);
    expect(linkedServices(list, 'c')).toEqual([]);
  });
});

describe('orderErrorTarget', () => {
  it.each([
    ['Service.Devices', { part: 'service', key: 'Service.Devices' }, 1],
    ['Dependency.Service.Seats', { part: 'dependency', key: 'Service.Seats' }, 1],
    ['Views.Service.Values.Seats', { part: 'service', key: 'Service.Seats' }, 1],
    ['Dependency.Views.Service.Values.Seats', { part: 'dependency', key: 'Service.Seats' }, 1],
    ['dependency', { part: 'review', key: 'dependency' }, 3],
    ['productName', { part: 'review', key: 'productName' }, 3],
    ['Views.Default.Values.DisplayName', { part: 'service', key: 'Default.DisplayName' }, 1],
    ['customerId', { part: 'customer', key: 'customerId' }, 0],
    ['terms', { part: 'terms', key: 'terms' }, 2],
    ['scheduledDate', { part: 'review', key: 'scheduledDate' }, 3],
  ])('%s belongs to %o on step %i', (field, target, step) => {
    expect(orderErrorTarget(field)).toEqual(target);
    expect(stepOfOrderError(orderErrorTarget(field))).toBe(step);
  });
});

describe('formErrors', () => {
  it('checks the fields of every page', () => {
    const views: Record<string, View> = {
      Service: {
        Name: 'Service',
        FieldDefinitions: [
          fieldDefinition('Service', 'Devices', { IsRequired: true }),
          fieldDefinition('Service', 'Note', { MaxLength: 3 }),
        ],
        Values: {},
        DisplayValues: {},
      },
    };
    const page = (name: string, field: string): LayoutPage => ({
      Name: name,
      DisplayName: name,
      Containers: [{ Name: name, DisplayName: name, State: 'Expanded', Fields: [{ View: 'Service', Name: field }] }],
    });

    const errors = formErrors([page('A', 'Devices'), page('B', 'Note')], views, { 'Service.Note': 'long' });

    expect(Object.keys(errors).sort()).toEqual(['Service.Devices', 'Service.Note']);
  });
});

describe('initialsOf', () => {
  it.each([
    ['Rita Reseller', 'RR'],
    ['  ada  ', 'A'],
    ['Jean Claude van Damme', 'JD'],
    ['', ''],
  ])('%s -> %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('referrerPath', () => {
  it.each([
    ['#/Account/View/5', '/Account/View/5'],
    ['/service/3', '/service/3'],
    [null, null],
    ['https://example.com/', null],
    ['//example.com', null],
    ['#/Marketplace/Order/backup', null],
  ])('%s -> %s', (value, path) => {
    expect(referrerPath(value)).toBe(path);
  });
});
