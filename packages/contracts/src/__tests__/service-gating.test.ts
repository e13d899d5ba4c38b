import { describe, expect, it } from 'vitest';
import {
  descriptionGroupErrors,
  GATING_MESSAGES,
  isGroupLinkLocked,
  remoteDataSourceErrors,
  remoteDataSourcesChanged,
} from '../service-gating.js';
import { type ServiceDescription, ServiceDescriptionSchema, ServiceFieldSchema } from '../services.js';

const source = (endpoint: string | null) => (endpoint ? { Endpoint: endpoint, RequestBodyTemplate: '' } : null);
const fields = (...list: [string, string | null][]) => ({
  Fields: list.map(([Id, endpoint]) =>
    ServiceFieldSchema.parse({ Id, DisplayName: Id, FieldType: 'Combobox', RemoteDataSource: source(endpoint) }),
  ),
});

describe('[S6.4] remote data sources', () => {
  it.each([
    { before: null, after: null, changed: [] },
    { before: 'https://a.example/x', after: 'https://a.example/x', changed: [] },
    { before: 'https://a.example/x', after: 'https://b.example/x', changed: ['Plan'] },
    { before: null, after: 'https://a.example/x', changed: ['Plan'] },
    { before: 'https://a.example/x', after: null, changed: ['Plan'] },
  ])('[S6.4] a data source from $before to $after changes $changed', ({ before, after, changed }) => {
    expect(remoteDataSourcesChanged(fields(['Plan', before]), fields(['Plan', after]))).toEqual(changed);
  });

  it.each([
    { name: 'a new field with a source, without the right', stored: [], allowed: false, errors: ['Fields.1.RemoteDataSource'] },
    { name: 'a new field with a source, with the right', stored: [], allowed: true, errors: [] },
    {
      name: 'unchanged sources, without the right',
      stored: [
        ['Seats', null],
        ['Plan', 'https://a.example/x'],
      ] as [string, string | null][],
      allowed: false,
      errors: [],
    },
  ])('[S6.4] $name', ({ stored, allowed, errors }) => {
    const next = fields(['Seats', null], ['Plan', 'https://a.example/x']);

    const got = remoteDataSourceErrors({ Fields: fields(...stored).Fields }, next, allowed);

    expect(got.map((e) => e.field)).toEqual(errors);
    for (const e of got) expect(e.message).toBe(GATING_MESSAGES.remoteDataSource);
  });
});

describe('[S4.8] the original of a shared description group', () => {
  it.each([
    { membership: null, locked: false },
    { membership: { IsOriginal: true, OtherServices: 0 }, locked: false },
    { membership: { IsOriginal: false, OtherServices: 3 }, locked: false },
    { membership: { IsOriginal: true, OtherServices: 1 }, locked: true },
  ])('[S4.8] $membership is locked: $locked', ({ membership, locked }) => {
    expect(isGroupLinkLocked(membership)).toBe(locked);
  });

  const text = (Type: ServiceDescription['Type'], DescriptionGroupId: string | null): ServiceDescription =>
    ServiceDescriptionSchema.parse({ Type, LocalizationLanguageCode: 'en', Title: 'T', Content: 'C', DescriptionGroupId });
  const original = { Description: { DescriptionGroupId: 'g1', IsOriginal: true, OtherServices: 2 } };

  it.each([
    { name: 'keeping the group', texts: [text('Description', 'g1')], errors: [] },
    { name: 'not naming a group (keeps it)', texts: [text('Description', null)], errors: [] },
    {
      name: 'linking to another group',
      texts: [text('TermsAndConditions', null), text('Description', 'g2')],
      errors: [{ field: 'Descriptions.1.DescriptionGroupId', message: GATING_MESSAGES.originalCannotLink }],
    },
    {
      name: 'removing the shared text',
      texts: [text('TermsAndConditions', null)],
      errors: [{ field: 'Descriptions', message: GATING_MESSAGES.originalCannotClear }],
    },
  ])('[S4.8] the original of a shared group: $name', ({ texts, errors }) => {
    expect(descriptionGroupErrors(texts, original)).toEqual(errors);
  });

  it('[S4.8] a group that is not shared can be left', () => {
    const alone = { Description: { DescriptionGroupId: 'g1', IsOriginal: true, OtherServices: 0 } };

    expect(descriptionGroupErrors([text('Description', 'g2')], alone)).toEqual([]);
  });
});
