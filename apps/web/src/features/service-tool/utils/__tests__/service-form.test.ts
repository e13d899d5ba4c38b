import { blankServiceDocument, type ServiceDocument } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { errorsOfTab, formErrors, gatingErrors, serviceUpdate, visibleTabs } from '../service-form';

const field = (Id: string, DisplayName: string): ServiceDocument['Fields'][number] => ({
  Id,
  DisplayName,
  FieldType: 'Textbox',
  FieldTypeTitle: null,
  Tooltip: '',
  PlaceholderDefaultValue: '',
  AvailableValues: [],
  TriggerFieldChanges: false,
  DisplayType: 'Optional',
  DisplayTypeOnModify: 'Optional',
  IsUnique: false,
  IsUsageBased: false,
  MinValue: null,
  MaxValue: null,
  Validator: null,
  RemoteDataSource: null,
  IsRemoteValidation: false,
  RemoteValidation: null,
  InheritValueFromParent: false,
});

describe('service form', () => {
  it.each([
    [null, ['Info', 'Files', 'Fields', 'Layout', 'Billing', 'Provisioning', 'Localization']],
    [['Info'], ['Info']],
    [
      ['Fields', 'Description'],
      ['Fields', 'Layout', 'Localization'],
    ],
    [[], []],
  ] as const)('[S2.2] areas %j show tabs %j', (areas, tabs) => {
    expect(visibleTabs(areas === null ? null : [...areas])).toEqual(tabs);
  });

  it('[S5.1] checks only the tabs shown, and adds the server messages once', () => {
    const doc = { ...blankServiceDocument(), Fields: [field('__gen__a', 'Password')] };
    const all = formErrors(doc, { mode: 'create', tabs: visibleTabs(null) });
    expect(errorsOfTab(all, 'Fields')).toEqual([
      { field: 'Fields.0.DisplayName', message: "'Password' is a reserved field name" },
    ]);
    expect(errorsOfTab(all, 'Info').length).toBeGreaterThan(0);
    const fieldsOnly = formErrors(doc, {
      mode: 'edit',
      tabs: ['Fields', 'Layout'],
      serverErrors: [
        { field: 'Fields.0.DisplayName', message: "'Password' is a reserved field name" },
        { field: 'Layouts.0.Pages', message: 'x' },
      ],
    });
    expect(fieldsOnly).toEqual([
      { field: 'Fields.0.DisplayName', message: "'Password' is a reserved field name" },
      { field: 'Layouts.0.Pages', message: 'x' },
    ]);
  });

  it('[S5.7] an existing field may keep a name of up to 250 characters in edit mode', () => {
    const doc = { ...blankServiceDocument(), Fields: [field('Old', 'x'.repeat(200))] };
    const tabs = ['Fields'] as const;
    expect(formErrors(doc, { mode: 'edit', tabs: [...tabs], existingFieldIds: ['Old'] })).toEqual([]);
    expect(formErrors(doc, { mode: 'edit', tabs: [...tabs], existingFieldIds: [] })).toHaveLength(1);
  });

  it('[S6.2] an update carries the service name and the editable areas only, never Parents', () => {
    const doc = {
      ...blankServiceDocument(),
      ServiceName: 'S',
      DisplayName: 'S',
      Parents: [{ ParentAccountType: 'User' as const, ParentProductName: null }],
    };
    const update = serviceUpdate(doc, ['Info', 'Fields']);
    expect(Object.keys(update).sort()).toEqual(
      [
        'ServiceName',
        'DisplayName',
        'ShortDescription',
        'Category',
        'Tags',
        'Dependencies',
        'Icon',
        'CanHaveOnlyOneInstanceUnderParent',
        'Fields',
        'Layouts',
      ].sort(),
    );
    expect(Object.keys(serviceUpdate(doc, ['Billing'])).sort()).toEqual(
      [
        'ServiceName',
        'BillingRules',
        'PriceProtectionLengthInDays',
        'MinimumContractPeriodInDays',
        'GracePeriodInHours',
        'VendorReferenceField',
      ].sort(),
    );
  });
});

describe('gating in the form', () => {
  const withSource = (doc: ServiceDocument): ServiceDocument => ({
    ...doc,
    Fields: [
      { ...field('Region', 'Region'), RemoteDataSource: { Endpoint: 'https://api.example.com/r', RequestBodyTemplate: '' } },
    ],
  });

  it.each([
    { allowed: false, stored: null, expected: ['Fields.0.RemoteDataSource'] },
    { allowed: true, stored: null, expected: [] },
    { allowed: false, stored: 'same', expected: [] },
  ])('[S6.4] a remote data source, right $allowed, stored $stored: $expected', ({ allowed, stored, expected }) => {
    const doc = withSource(blankServiceDocument());

    const errors = gatingErrors(doc, {
      stored: stored ? doc : null,
      canEditRemoteDataSource: allowed,
      descriptionGroups: [],
    });

    expect(errors.map((e) => e.field)).toEqual(expected);
  });

  it('[S4.8] [S5.1] a locked group left for another fails the Localization tab', () => {
    const doc: ServiceDocument = {
      ...blankServiceDocument(),
      Descriptions: [
        {
          Type: 'Description',
          Title: 'T',
          Content: 'C',
          LocalizationLanguageCode: 'en',
          DescriptionGroupId: 'other',
          IsMajorChange: false,
        },
      ],
    };
    const gating = {
      stored: doc,
      canEditRemoteDataSource: true,
      descriptionGroups: [{ Type: 'Description' as const, DescriptionGroupId: 'own', IsOriginal: true, OtherServices: 2 }],
    };

    const errors = formErrors(doc, { mode: 'edit', tabs: ['Localization'], gating });

    expect(errorsOfTab(errors, 'Localization').map((e) => e.message)).toContain(
      'This service is the original of a shared text and cannot link to another one',
    );
  });
});
