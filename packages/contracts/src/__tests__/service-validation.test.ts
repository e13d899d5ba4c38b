import { describe, expect, it } from 'vitest';
import { allCapabilityKeys, contextualCapabilityKeys } from '../capabilities.js';
import {
  addFieldToBilling,
  applyPodRule,
  autoPlaceNewField,
  blankServiceDocument,
  canAddPage,
  canSwitchLayoutMode,
  clampNameWidth,
  cleanComboboxValues,
  cleanServiceForSend,
  clearDisabledValidation,
  compileValidator,
  confirmationRemaining,
  defaultLayouts,
  fieldIdFromName,
  firstFailingTab,
  formatPrice,
  isFieldInBilling,
  isImageUrl,
  isReservedFieldName,
  isValidationDisabled,
  isYouTubeUrl,
  languagesDiffer,
  mergeDescriptionLanguages,
  newBaseRule,
  nextCustomActionName,
  nextDefaultName,
  normalizeServiceDocument,
  passwordFirstWarning,
  previewValues,
  provisioningBoxes,
  RESERVED_FIELD_NAMES,
  removeField,
  replaceGeneratedFieldIds,
  SERVICE_MESSAGES,
  switchToBasic,
  syncComboboxRules,
  syncRenewActions,
  tabOfErrorPath,
  validateEditLocks,
  validateField,
  validateFieldName,
  validateImport,
  validatePrice,
  validateServiceDocument,
  validateWholeNumber,
} from '../service-validation.js';
import {
  allowedServiceAreas,
  type BillingRule,
  LICENCE_TYPES,
  type ServiceDocument,
  ServiceDocumentSchema,
  type ServiceField,
  type ServiceFieldInput,
  ServiceFieldSchema,
  serviceAreaCapabilityKey,
  UpdateServiceInputSchema,
} from '../services.js';

const field = (over: Partial<ServiceFieldInput> & { Id: string; DisplayName: string }): ServiceField =>
  ServiceFieldSchema.parse({ FieldType: 'Textbox', ...over });

/** A small valid service: one Combobox field priced per value, one Numeric quantity. */
function validDoc(over: Partial<ServiceDocument> = {}): ServiceDocument {
  return ServiceDocumentSchema.parse({
    ServiceName: 'Contoso Backup',
    DisplayName: 'Contoso Backup',
    ShortDescription: 'Cloud backup for servers and laptops',
    Category: 'Backup',
    Tags: ['backup'],
    Icon: '/service-icons/backup.png',
    Parents: [{ ParentAccountType: 'Company' }],
    Fields: [
      { Id: 'Plan', DisplayName: 'Plan', FieldType: 'Combobox', AvailableValues: [{ Value: 'Basic' }, { Value: 'Pro' }] },
      { Id: 'Seats', DisplayName: 'Seats', FieldType: 'Numeric', MinValue: 1, MaxValue: 500 },
    ],
    Layouts: defaultLayouts(['Plan', 'Seats']),
    BillingRules: [
      { Id: 'r1', ChargeType: 'Monthly', Charge: '4.5', LicenceType: 'CORP-SEAT', UdrcField: 'Seats' },
      { Id: 'r2', ChargeType: 'Monthly', Charge: '2', Condition: { FieldId: 'Plan', Value: 'Pro' } },
    ],
    VendorReferenceField: 'Plan',
    Descriptions: [{ Type: 'Description', LocalizationLanguageCode: 'en', Title: 'Backup', Content: 'Backs up.' }],
    ...over,
  });
}

const messagesAt = (doc: ServiceDocument, path: string, mode: 'create' | 'edit' = 'create') =>
  validateServiceDocument(doc, { mode })
    .filter((e) => e.field === path)
    .map((e) => e.message);

describe('reserved field names', () => {
  it.each([
    ['USERNAME', true],
    ['user name', true],
    ['User Name', true],
    ['  Account   Identificator ', true],
    ['password', true],
    ['Company Name', true],
    ['Start date', true],
    ['Seats', false],
    ['User names', false],
    ['Accountidentificator2', false],
  ])('[S5.7] %j is reserved: %s', (name, reserved) => {
    expect(isReservedFieldName(name)).toBe(reserved);
  });

  it('[S5.7] lists the 33 names of the spec', () => {
    expect(RESERVED_FIELD_NAMES).toHaveLength(33);
    for (const name of RESERVED_FIELD_NAMES) expect(isReservedFieldName(name)).toBe(true);
  });
});

describe('field display names', () => {
  it.each([
    { name: '', others: [], isNew: true, message: SERVICE_MESSAGES.fieldNameRequired },
    { name: '   ', others: [], isNew: true, message: SERVICE_MESSAGES.fieldNameRequired },
    { name: 'Seats', others: ['seats'], isNew: true, message: SERVICE_MESSAGES.fieldNameTaken },
    { name: 'Seats', others: ['Plan'], isNew: false, message: null },
    { name: 'User Name', others: [], isNew: true, message: "'User Name' is a reserved field name" },
    { name: 'a'.repeat(100), others: [], isNew: true, message: null },
    { name: 'a'.repeat(101), others: [], isNew: true, message: 'Field name can be at most 100 characters' },
    { name: 'a'.repeat(250), others: [], isNew: false, message: null },
    { name: 'a'.repeat(251), others: [], isNew: false, message: 'Field name can be at most 250 characters' },
  ])('[S5.7] $name (new: $isNew) among $others -> $message', ({ name, others, isNew, message }) => {
    expect(validateFieldName({ name, otherNames: others, isNew })).toBe(message);
  });

  it('[S5.7] allows a field its own name on update (only the other fields are compared)', () => {
    const doc = validDoc();

    expect(messagesAt(doc, 'Fields.0.DisplayName', 'edit')).toEqual([]);
  });

  it('[S5.7] uses 100 characters for fields added in edit mode and 250 for saved ones', () => {
    const doc = validDoc();
    doc.Fields.push(field({ Id: 'Notes', DisplayName: 'n'.repeat(150) }));
    doc.Fields[1] = { ...(doc.Fields[1] as ServiceField), DisplayName: 's'.repeat(150) };

    const errors = validateServiceDocument(doc, { mode: 'edit', existingFieldIds: ['Plan', 'Seats'] });

    expect(errors.filter((e) => e.field.endsWith('DisplayName')).map((e) => e.field)).toEqual(['Fields.2.DisplayName']);
  });
});

describe('combobox values', () => {
  it.each([
    { values: ['a', '', '  ', 'b'], kept: ['a', 'b'], errors: [] },
    { values: ['a', 'a'], kept: ['a', 'a'], errors: [{ index: 1, message: SERVICE_MESSAGES.comboboxValueTaken }] },
    { values: ['x'.repeat(200)], kept: ['x'.repeat(200)], errors: [] },
    {
      values: ['x'.repeat(201)],
      kept: ['x'.repeat(201)],
      errors: [{ index: 0, message: 'A value can be at most 200 characters' }],
    },
  ])('[S5.8] $values keeps $kept', ({ values, kept, errors }) => {
    expect(cleanComboboxValues(values)).toEqual({ values: kept, errors });
  });

  it('[S5.8] needs at least one value', () => {
    const doc = validDoc({ BillingRules: [], VendorReferenceField: null });
    doc.Fields[0] = { ...(doc.Fields[0] as ServiceField), AvailableValues: [] };

    expect(messagesAt(doc, 'Fields.0.AvailableValues')).toEqual([SERVICE_MESSAGES.comboboxValuesRequired]);
  });

  it('[S5.8] knows when a field takes part in billing', () => {
    const doc = validDoc();

    expect(isFieldInBilling(doc, 'Plan')).toBe(true);
    expect(isFieldInBilling(doc, 'Seats')).toBe(true);
    expect(isFieldInBilling({ BillingRules: [] }, 'Plan')).toBe(false);
    expect(SERVICE_MESSAGES.editingLimited).toBe('Editing is limited, because field is addded to billing');
  });

  it('[S5.3] cuts a value list preview at 50 characters with an ellipsis', () => {
    expect(previewValues([{ Value: 'Basic' }, { Value: 'Pro' }])).toBe('Basic, Pro');
    expect(previewValues([{ Value: 'x'.repeat(60) }])).toBe(`${'x'.repeat(50)}…`);
  });
});

describe('mandatory configurator inputs', () => {
  it.each([
    [{ FieldType: 'Combobox' as const, AvailableValues: [] }, 'AvailableValues', SERVICE_MESSAGES.comboboxValuesRequired],
    [
      { FieldType: 'Combobox' as const, AvailableValues: [{ Value: ' ' }] },
      'AvailableValues',
      SERVICE_MESSAGES.comboboxValuesRequired,
    ],
    [{ RemoteDataSource: { Endpoint: '' } }, 'RemoteDataSource.Endpoint', SERVICE_MESSAGES.remoteEndpoint],
    [{ IsRemoteValidation: true }, 'RemoteValidation.Endpoint', SERVICE_MESSAGES.remoteEndpoint],
    [{ DisplayName: ' ' }, 'DisplayName', SERVICE_MESSAGES.fieldNameRequired],
  ])('[S5.14] %j needs %s', (over, property, message) => {
    const f = field({ Id: 'X', DisplayName: 'Region', ...over });

    expect(validateField(f, { otherNames: [], isNew: true })).toContainEqual({ property, message });
  });
});

describe('regular expressions', () => {
  it.each([
    ['^[0-9]+$', true],
    ['/^abc$/i', true],
    ['/a+/gim', true],
    ['[a-', false],
    ['/(/', false],
    ['/a/zz', false],
  ])('[S5.9] %j compiles: %s', (text, ok) => {
    expect(compileValidator(text).ok).toBe(ok);
  });

  it('[S5.9] gives the compile error text', () => {
    const result = compileValidator('[a-');

    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.length).toBeGreaterThan(5);
  });

  it('[S5.9] compiles /pattern/flags with its flags', () => {
    const result = compileValidator('/^abc$/i');

    expect(result.ok && result.regex.test('ABC')).toBe(true);
  });

  it.each([
    ['Textbox', []],
    ['Combobox', []],
    ['Numeric', []],
    ['Checkbox', [SERVICE_MESSAGES.regexNotApplicable]],
    ['Url', [SERVICE_MESSAGES.regexNotApplicable]],
  ] as const)('[S5.9] a regular expression on a %s field gives %j', (FieldType, messages) => {
    const doc = validDoc({ BillingRules: [], VendorReferenceField: null });
    doc.Fields.push(
      field({ Id: 'Code', DisplayName: 'Code', FieldType, AvailableValues: [{ Value: 'a' }], Validator: '^[A-Z]+$' }),
    );

    expect(messagesAt(doc, 'Fields.2.Validator')).toEqual(messages);
  });
});

describe('read-only and hidden fields', () => {
  it.each([
    { DisplayType: 'Readonly', DisplayTypeOnModify: 'Hidden', customActionMode: true, disabled: true },
    { DisplayType: 'Hidden', DisplayTypeOnModify: 'Readonly', customActionMode: false, disabled: true },
    { DisplayType: 'Readonly', DisplayTypeOnModify: 'Optional', customActionMode: true, disabled: false },
    { DisplayType: 'Readonly', DisplayTypeOnModify: 'Optional', customActionMode: false, disabled: true },
    { DisplayType: 'Mandatory', DisplayTypeOnModify: 'Hidden', customActionMode: false, disabled: false },
    { DisplayType: 'Optional', DisplayTypeOnModify: 'Optional', customActionMode: false, disabled: false },
  ] as const)(
    '[S5.10] $DisplayType / $DisplayTypeOnModify (custom action: $customActionMode) disables validation: $disabled',
    (row) => {
      expect(isValidationDisabled(row, { customActionMode: row.customActionMode })).toBe(row.disabled);
    },
  );

  it('[S5.10] clears the validator, uniqueness and remote validation', () => {
    const f = field({
      Id: 'Ref',
      DisplayName: 'Reference',
      DisplayType: 'Hidden',
      DisplayTypeOnModify: 'Hidden',
      Validator: '^x$',
      IsUnique: true,
      IsRemoteValidation: true,
      RemoteValidation: { Endpoint: 'https://example.com/check' },
    });

    expect(clearDisabledValidation(f)).toMatchObject({
      Validator: null,
      IsUnique: false,
      IsRemoteValidation: false,
      RemoteValidation: null,
    });
  });
});

describe('password as the first field', () => {
  it('[S5.11] warns when a Password field comes first, not elsewhere', () => {
    expect(passwordFirstWarning([{ FieldType: 'Password' }, { FieldType: 'Textbox' }])).toBe(
      'Password may be visible to users when set as the first field.',
    );
    expect(passwordFirstWarning([{ FieldType: 'Textbox' }, { FieldType: 'Password' }])).toBeNull();
    expect(passwordFirstWarning([])).toBeNull();
  });
});

describe('the Info tab', () => {
  it.each([
    { over: { ShortDescription: 'x'.repeat(70) }, path: 'ShortDescription', messages: [] },
    {
      over: { ShortDescription: 'x'.repeat(71) },
      path: 'ShortDescription',
      messages: ['Intro text can be at most 70 characters'],
    },
    { over: { Tags: ['a', 'b', 'c', 'd', 'e'] }, path: 'Tags', messages: [] },
    { over: { Tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, path: 'Tags', messages: [SERVICE_MESSAGES.tooManyTags] },
  ])('[S5.5] $path with $over gives $messages', ({ over, path, messages }) => {
    expect(messagesAt(validDoc(over), path)).toEqual(messages);
  });

  it.each([
    ['/service-icons/backup.png', true],
    ['https://cdn.example.com/icon.JPG', true],
    ['https://cdn.example.com/icon.jpeg?v=2', true],
    ['0123456789abcdef0123456789abcdef.png', true],
    ['/service-icons/anim.gif', true],
    ['/service-icons/logo.svg', false],
    ['http://cdn.example.com/icon.png', false],
    ['https://cdn.example.com/icon.bmp', false],
    ['/../etc/passwd.png', false],
    ['javascript:alert(1).png', false],
  ])('[S5.6] icon %j accepted: %s', (url, ok) => {
    expect(isImageUrl(url)).toBe(ok);
  });

  it('[S2.5] requires service name, category, a parent type and an icon', () => {
    const doc = validDoc({ DisplayName: ' ', Category: null, Parents: [], Icon: null });

    const errors = validateServiceDocument(doc, { mode: 'create' });

    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'DisplayName', message: 'Service name is required' },
        { field: 'Category', message: 'Category is required' },
        { field: 'Parents', message: SERVICE_MESSAGES.parentsRequired },
        { field: 'Icon', message: 'Icon is required' },
      ]),
    );
  });

  it('[S2.5] requires the parent service when Product is a parent type', () => {
    const doc = validDoc({ Parents: [{ ParentAccountType: 'Product', ParentProductName: null }] });

    expect(messagesAt(doc, 'Parents.0.ParentProductName')).toEqual([SERVICE_MESSAGES.parentServiceRequired]);
  });

  it('[M2.42] refuses an all-digit service name, which would read as a material number', () => {
    expect(messagesAt(validDoc({ ServiceName: '12345' }), 'ServiceName')).toEqual([SERVICE_MESSAGES.serviceNameNumeric]);
  });

  it('accepts a valid document without errors', () => {
    expect(validateServiceDocument(validDoc(), { mode: 'create' })).toEqual([]);
  });
});

describe('the Files tab', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', true],
    ['https://youtu.be/dQw4w9WgXcQ', true],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10', true],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', true],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', true],
    ['https://vimeo.com/123456', false],
    ['https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', false],
    ['https://www.youtube.com/watch', false],
    ['not a url', false],
  ])('[S2.6] video %j accepted: %s', (url, ok) => {
    expect(isYouTubeUrl(url)).toBe(ok);
  });

  it('[S2.6] says only YouTube videos are allowed, and the caption is optional', () => {
    const doc = validDoc({
      ServiceVideos: [
        { Url: 'https://vimeo.com/1', Description: '' },
        { Url: 'https://youtu.be/dQw4w9WgXcQ', Description: '' },
      ],
    });

    expect(messagesAt(doc, 'ServiceVideos.0.Url')).toEqual(['Only YouTube videos are allowed']);
    expect(messagesAt(doc, 'ServiceVideos.1.Url')).toEqual([]);
  });
});

describe('layouts', () => {
  it.each([
    { base: 'Page', taken: [], name: 'Page' },
    { base: 'Page', taken: ['page'], name: 'Page 2' },
    { base: 'Page', taken: ['Page', 'PAGE 2', 'Page 3'], name: 'Page 4' },
    { base: 'Group', taken: ['Group', ...Array.from({ length: 40 }, (_, i) => `Group ${i + 2}`)], name: null },
    { base: 'Group', taken: ['Group', ...Array.from({ length: 39 }, (_, i) => `Group ${i + 2}`)], name: 'Group 41' },
  ])('[S5.3] the next name for $base among $taken.length taken is $name', ({ base, taken, name }) => {
    expect(nextDefaultName(base, taken)).toBe(name);
  });

  it.each([
    ['page', 10, 30],
    ['page', 100, 100],
    ['page', 900, 250],
    ['block', 10, 30],
    ['block', 900, 500],
  ] as const)('[S5.3] a %s name input of %i px is %i px wide', (kind, px, width) => {
    expect(clampNameWidth(kind, px)).toBe(width);
  });

  it('[S5.3] [S9.1] allows at most 3 pages per layout', () => {
    const doc = validDoc();
    const page = doc.Layouts[0]?.Pages[0];
    const layout = {
      Action: 'CREATE' as const,
      Pages: [page, { ...page, Name: 'B' }, { ...page, Name: 'C' }],
    } as ServiceDocument['Layouts'][0];

    expect(canAddPage(layout)).toBe(false);
    expect(canAddPage({ Pages: layout.Pages.slice(0, 2) })).toBe(true);
    layout.Pages.push({ ...(page as ServiceDocument['Layouts'][0]['Pages'][0]), Name: 'D', Blocks: [] });
    expect(messagesAt(validDoc({ Layouts: [layout] }), 'Layouts.0.Pages')).toEqual([SERVICE_MESSAGES.tooManyPages]);
  });

  it('[S4.3] switches to basic directly only when CREATE and VIEW are identical, copying CREATE to VIEW', () => {
    const same = defaultLayouts(['Plan']);
    const different = defaultLayouts(['Plan']);
    (different[1] as ServiceDocument['Layouts'][0]).Pages[0]!.Name = 'Overview';

    expect(switchToBasic(same).needsConfirm).toBe(false);
    const switched = switchToBasic(different);
    expect(switched.needsConfirm).toBe(true);
    expect(switched.layouts[1]?.Pages).toEqual(switched.layouts[0]?.Pages);
    expect(canSwitchLayoutMode(same)).toBe(true);
    expect(canSwitchLayoutMode(same.slice(0, 1))).toBe(false);
  });

  it('[S4.3] adds new fields automatically in basic mode with one page and one block', () => {
    const layouts = defaultLayouts(['Plan']);

    expect(autoPlaceNewField(layouts, 'Seats', true)[0]?.Pages[0]?.Blocks[0]?.Fields).toEqual([
      { FieldId: 'Plan' },
      { FieldId: 'Seats' },
    ]);
    expect(autoPlaceNewField(layouts, 'Seats', false)[0]?.Pages[0]?.Blocks[0]?.Fields).toEqual([{ FieldId: 'Plan' }]);
  });

  it('[S3.3] refuses a layout that places a missing field or a field twice', () => {
    const layouts = defaultLayouts(['Plan', 'Ghost', 'Plan']);

    const errors = validateServiceDocument(validDoc({ Layouts: layouts }), { mode: 'create' });

    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'Layouts.0.Pages.0.Blocks.0.Fields.1.FieldId', message: SERVICE_MESSAGES.unknownField },
        { field: 'Layouts.0.Pages.0.Blocks.0.Fields.2.FieldId', message: SERVICE_MESSAGES.fieldInLayoutTwice },
      ]),
    );
  });

  it('[S3.3] keeps layouts in the order CREATE then VIEW', () => {
    const [create, view] = defaultLayouts();

    expect(normalizeServiceDocument(validDoc({ Layouts: [view!, create!] })).Layouts.map((l) => l.Action)).toEqual([
      'CREATE',
      'VIEW',
    ]);
  });
});

describe('billing', () => {
  it.each([
    ['0', null],
    ['12.5', null],
    ['0.123456', null],
    ['1000000', null],
    ['0.1234567', SERVICE_MESSAGES.price],
    ['-1', SERVICE_MESSAGES.price],
    ['1,5', SERVICE_MESSAGES.price],
    ['', SERVICE_MESSAGES.price],
    ['1e3', SERVICE_MESSAGES.price],
  ])('[S5.13] [S9.3] price %j -> %s', (text, message) => {
    expect(validatePrice(text)).toBe(message);
  });

  it.each([
    ['5', '5.00'],
    ['5.1', '5.10'],
    ['1.234', '1.234'],
    ['007.5', '7.50'],
  ])('[S5.13] shows price %j with at least two decimals: %j', (text, shown) => {
    expect(formatPrice(text)).toBe(shown);
  });

  it.each([
    { value: 0, min: 0, max: 1875, ok: true },
    { value: 1875, min: 0, max: 1875, ok: true },
    { value: 1876, min: 0, max: 1875, ok: false },
    { value: -1, min: 0, max: null, ok: false },
    { value: 1.5, min: 0, max: null, ok: false },
    { value: 100000, min: 0, max: null, ok: true },
    { value: null, min: 0, max: 1875, ok: true },
  ])('[S5.13] [S9.3] $value within $min..$max: $ok', ({ value, min, max, ok }) => {
    expect(validateWholeNumber(value, min, max) === null).toBe(ok);
  });

  it.each([
    ['PriceProtectionLengthInDays', 1876, 'Enter a whole number from 0 to 1875'],
    ['MinimumContractPeriodInDays', 2.5, 'Enter a whole number from 0 to 1875'],
    ['GracePeriodInHours', -3, 'Enter a whole number of 0 or more'],
  ] as const)('[S5.13] %s of %d is refused', (property, value, message) => {
    expect(messagesAt(validDoc({ [property]: value }), property)).toEqual([message]);
  });

  it('[S5.12] needs an enabled fee with a licence type, unless there are no fees', () => {
    const noLicence = validDoc();
    noLicence.BillingRules = noLicence.BillingRules.map((r) => ({ ...r, LicenceType: null }));
    const disabled = validDoc();
    disabled.BillingRules = disabled.BillingRules.map((r) => ({ ...r, enabled: false }));

    expect(messagesAt(noLicence, 'BillingRules')).toEqual([SERVICE_MESSAGES.licenceTypeRequired]);
    expect(messagesAt(disabled, 'BillingRules')).toEqual([SERVICE_MESSAGES.licenceTypeRequired]);
    expect(messagesAt(validDoc({ BillingRules: [], VendorReferenceField: null }), 'BillingRules')).toEqual([]);
  });

  it('[S5.12] needs a vendor reference field unless there are no fees or no fields', () => {
    expect(messagesAt(validDoc({ VendorReferenceField: null }), 'VendorReferenceField')).toEqual([
      SERVICE_MESSAGES.vendorReferenceRequired,
    ]);
    expect(messagesAt(validDoc({ VendorReferenceField: null, BillingRules: [] }), 'VendorReferenceField')).toEqual([]);
    const noFields = validDoc({ VendorReferenceField: null, Fields: [], Layouts: defaultLayouts() });
    noFields.BillingRules = [newBaseRule('Monthly')].map((r) => ({ ...r, LicenceType: 'CORP-SEAT' }));
    expect(messagesAt(noFields, 'VendorReferenceField')).toEqual([]);
  });

  it('[S3.5] offers the 18 licence types of the spec', () => {
    expect(LICENCE_TYPES).toHaveLength(18);
    expect(LICENCE_TYPES).toEqual(expect.arrayContaining(['CORP-ADD', 'EDU-TRIAL', 'GOV-SEAT', 'NP-FREE', 'INFRA', 'SUPPORT']));
  });

  it('[S3.5] [S9.5] gives a new fee the defaults: time unit Day, value selection Last, end-date action Renew', () => {
    expect(newBaseRule('Setup')).toMatchObject({
      BillableTimeUnit: 'Day',
      UdrcValueSelection: 'Last',
      EndDateAction: 'Renew',
      enabled: true,
    });
  });

  it('[S3.5] only a Numeric field can set a quantity and a condition needs an existing value', () => {
    const doc = validDoc();
    doc.BillingRules[0] = { ...(doc.BillingRules[0] as BillingRule), UdrcField: 'Plan' };
    doc.BillingRules[1] = { ...(doc.BillingRules[1] as BillingRule), Condition: { FieldId: 'Plan', Value: 'Gold' } };

    expect(messagesAt(doc, 'BillingRules.0.UdrcField')).toEqual([SERVICE_MESSAGES.udrcNotNumeric]);
    expect(messagesAt(doc, 'BillingRules.1.Condition.Value')).toEqual([SERVICE_MESSAGES.conditionValue]);
  });

  it('[S3.5] refuses a suggested retail price given twice for one currency', () => {
    const doc = validDoc();
    doc.BillingRules[0] = {
      ...(doc.BillingRules[0] as BillingRule),
      SuggestedRetailPrices: [
        { Id: null, Currency: 'EUR', Charge: '5' },
        { Id: null, Currency: 'EUR', Charge: '6' },
        { Id: null, Currency: 'XXX', Charge: '6' },
      ],
    };

    const errors = validateServiceDocument(doc, { mode: 'create', currencies: ['EUR', 'USD'] });

    expect(errors).toEqual([
      { field: 'BillingRules.0.SuggestedRetailPrices.1.Currency', message: SERVICE_MESSAGES.currencyTwice },
      { field: 'BillingRules.0.SuggestedRetailPrices.2.Currency', message: 'This currency is not available' },
    ]);
  });

  it('[S4.7] needs the renew period only when contract renew is required', () => {
    const doc = validDoc();
    doc.BillingRules[0] = {
      ...(doc.BillingRules[0] as BillingRule),
      ContractRenew: { ContractRenewRequired: true, ContractRenewPeriodInMonths: null },
    };

    expect(messagesAt(doc, 'BillingRules.0.ContractRenew.ContractRenewPeriodInMonths')).toEqual(['The renew period is required']);
    const notRequired = normalizeServiceDocument({
      ...doc,
      BillingRules: [
        {
          ...(doc.BillingRules[0] as BillingRule),
          ContractRenew: { ContractRenewRequired: false, ContractRenewPeriodInMonths: 12 },
        },
      ],
    });
    expect(notRequired.BillingRules[0]?.ContractRenew).toEqual({
      ContractRenewRequired: false,
      ContractRenewPeriodInMonths: null,
    });
  });

  it('[S3.5] keeps the order review message only on a fee with a condition', () => {
    const doc = validDoc();
    doc.BillingRules = doc.BillingRules.map((r) => ({ ...r, OrderReviewMessage: 'Note' }));

    const normalized = normalizeServiceDocument(doc);

    expect(normalized.BillingRules.map((r) => r.OrderReviewMessage)).toEqual([null, 'Note']);
  });
});

describe('fields and billing in step', () => {
  const plan = field({
    Id: 'Plan',
    DisplayName: 'Plan',
    FieldType: 'Combobox',
    AvailableValues: [{ Value: 'Basic' }, { Value: 'Pro' }],
  });

  it('[S4.5] adds a fee per value when a Combobox field is added to billing', () => {
    const rules = addFieldToBilling([], plan, 'Monthly');

    expect(rules.map((r) => r.Condition)).toEqual([
      { FieldId: 'Plan', Value: 'Basic' },
      { FieldId: 'Plan', Value: 'Pro' },
    ]);
  });

  it('[S4.5] removes the fees of a removed value and adds fees for a new one', () => {
    const rules = addFieldToBilling([], plan, 'Monthly');
    const changed = { ...plan, AvailableValues: [{ Value: 'Pro' }, { Value: 'Enterprise' }] };

    const synced = syncComboboxRules(rules, changed);

    expect(synced.map((r) => r.Condition?.Value)).toEqual(['Pro', 'Enterprise']);
  });

  it('[S4.5] leaves fees alone for a Combobox that is not in billing', () => {
    const base = [newBaseRule('Monthly')];

    expect(syncComboboxRules(base, plan)).toEqual(base);
  });

  it('[S4.5] [S4.6] deleting a field removes its fees and references in create mode, and is refused in edit mode', () => {
    const doc = validDoc();

    const removed = removeField(doc, 'Plan', 'create');

    expect(removed?.Fields.map((f) => f.Id)).toEqual(['Seats']);
    expect(removed?.BillingRules.map((r) => r.Id)).toEqual(['r1']);
    expect(removed?.VendorReferenceField).toBeNull();
    expect(removed?.Layouts[0]?.Pages[0]?.Blocks[0]?.Fields).toEqual([{ FieldId: 'Seats' }]);
    expect(removeField(doc, 'Plan', 'edit')).toBeNull();
  });
});

describe('provisioning', () => {
  const prepaid = {
    AdvancePaymentConfiguration: {
      AdvancePeriodLenghtInMonths: 12,
      AllowEarlyTermination: false,
      AdvancePeriodEndDateAction: 'Renew' as const,
    },
  };

  it('[S2.10] [S4.4] shows RENEW and RENEWMODIFY boxes only when a fee uses advance payment', () => {
    expect(provisioningBoxes([{ AdvancePaymentConfiguration: null }])).toEqual(['CREATE', 'MODIFY', 'DELETE']);
    expect(provisioningBoxes([{ AdvancePaymentConfiguration: null }, prepaid])).toEqual([
      'CREATE',
      'MODIFY',
      'DELETE',
      'RENEW',
      'RENEWMODIFY',
    ]);
  });

  it('[S4.4] adds the RENEW boxes when prepaid is switched on and removes them when it is off', () => {
    const actions = blankServiceDocument().ProvisioningActions;

    const on = syncRenewActions(actions, [prepaid]);
    const off = syncRenewActions(on, [{ AdvancePaymentConfiguration: null }]);

    expect(on.map((a) => a.Action)).toEqual(['CREATE', 'MODIFY', 'DELETE', 'RENEW', 'RENEWMODIFY']);
    expect(off.map((a) => a.Action)).toEqual(['CREATE', 'MODIFY', 'DELETE']);
  });

  it('[S4.4] refuses RENEW actions without advance payment', () => {
    const doc = validDoc({
      ProvisioningActions: [
        { Action: 'RENEW', Method: 'None', ProvisioningHttp: null, ProvisioningEmail: null, CustomActionDetails: null },
      ],
    });

    expect(messagesAt(doc, 'ProvisioningActions.0.Action')).toEqual([SERVICE_MESSAGES.renewalWithoutPrepaid]);
  });

  it('[S3.6] [S9.5] gives new actions the defaults: method None; Http POST text/json auth No; e-mail attachment xml; icon running-man', () => {
    const doc = ServiceDocumentSchema.parse({
      ServiceName: 'x',
      DisplayName: 'x',
      ProvisioningActions: [
        { Action: 'CREATE' },
        { Action: 'MODIFY', Method: 'Http', ProvisioningHttp: {} },
        { Action: 'DELETE', Method: 'Email', ProvisioningEmail: {} },
        { Action: 'CustomAction_1', CustomActionDetails: {} },
      ],
    });

    expect(doc.ProvisioningActions[0]?.Method).toBe('None');
    expect(doc.ProvisioningActions[1]?.ProvisioningHttp).toMatchObject({
      Auth: 'No',
      ContentType: 'text/json',
      HttpMethod: 'POST',
      UseDefaultRequestBodyFormat: false,
    });
    expect(doc.ProvisioningActions[2]?.ProvisioningEmail?.AttachmentType).toBe('xml');
    expect(doc.ProvisioningActions[3]?.CustomActionDetails?.Icon).toBe('running-man');
    expect(doc.DefaultLanguage).toBe('en');
  });

  it('[S3.6] checks the Http URL, e-mail recipients and subject, and custom action names', () => {
    const doc = validDoc({
      ProvisioningActions: ServiceDocumentSchema.shape.ProvisioningActions.parse([
        { Action: 'CREATE', Method: 'Http', ProvisioningHttp: { RequestUrlTemplate: 'ftp://x' } },
        { Action: 'DELETE', Method: 'Email', ProvisioningEmail: { EmailTo: 'ops@example.com; nope', SubjectTemplate: '' } },
        { Action: 'CustomAction_1', CustomActionDetails: { ActionDisplayname: ' ', Icon: 'rocket', Fields: ['Ghost'] } },
      ]),
    });

    const errors = validateServiceDocument(doc, { mode: 'create' }).map((e) => e.field);

    expect(errors).toEqual([
      'ProvisioningActions.0.ProvisioningHttp.RequestUrlTemplate',
      'ProvisioningActions.1.ProvisioningEmail.EmailTo',
      'ProvisioningActions.1.ProvisioningEmail.SubjectTemplate',
      'ProvisioningActions.2.CustomActionDetails.ActionDisplayname',
      'ProvisioningActions.2.CustomActionDetails.Icon',
      'ProvisioningActions.2.CustomActionDetails.Fields.0',
    ]);
  });

  it('names the next custom action CustomAction_N', () => {
    expect(nextCustomActionName([{ Action: 'CREATE' }, { Action: 'CustomAction_1' }])).toBe('CustomAction_2');
  });

  it.each([
    { Title: 'x'.repeat(100), Message: 'y'.repeat(4096), errors: [] },
    { Title: 'x'.repeat(101), Message: '', errors: ['PostCreationMessage.0.Title'] },
    { Title: '', Message: 'y'.repeat(4097), errors: ['PostCreationMessage.0.Message'] },
  ])('[S5.4] [S9.2] confirmation title $Title.length / message $Message.length characters', ({ Title, Message, errors }) => {
    const doc = validDoc({ PostCreationMessage: [{ Title, Message }] });

    expect(validateServiceDocument(doc, { mode: 'create' }).map((e) => e.field)).toEqual(errors);
  });

  it('[S5.4] counts the remaining characters', () => {
    expect(confirmationRemaining({ Title: 'Welcome', Message: 'Hello' })).toEqual({ title: 93, message: 4091 });
  });
});

describe('localization', () => {
  it('[S4.8] [S8.7] detects a language difference and merges languages', () => {
    const linked = [{ LocalizationLanguageCode: 'en', Content: 'linked' }];
    const own = [
      { LocalizationLanguageCode: 'en', Content: 'own' },
      { LocalizationLanguageCode: 'de', Content: 'eigen' },
    ];

    expect(languagesDiffer(['en'], ['en', 'de'])).toBe(true);
    expect(languagesDiffer(['de', 'en'], ['en', 'de'])).toBe(false);
    expect(mergeDescriptionLanguages(linked, own)).toEqual([linked[0], own[1]]);
  });

  it('[S3.4] needs a text per language, each language once and the default language described', () => {
    const doc = validDoc({
      DefaultLanguage: 'fr',
      Descriptions: [
        {
          Type: 'Description',
          LocalizationLanguageCode: 'en',
          Title: '',
          Content: ' ',
          DescriptionGroupId: null,
          IsMajorChange: false,
        },
        {
          Type: 'Description',
          LocalizationLanguageCode: 'en',
          Title: '',
          Content: 'x',
          DescriptionGroupId: null,
          IsMajorChange: false,
        },
      ],
    });

    expect(validateServiceDocument(doc, { mode: 'create' })).toEqual([
      { field: 'Descriptions.0.Content', message: SERVICE_MESSAGES.descriptionContent },
      { field: 'Descriptions.1.LocalizationLanguageCode', message: SERVICE_MESSAGES.languageTwice },
      { field: 'DefaultLanguage', message: SERVICE_MESSAGES.defaultLanguageMissing },
    ]);
  });

  it('[S3.4] keeps IsMajorChange on terms only', () => {
    const doc = validDoc({
      Descriptions: [
        {
          Type: 'Description',
          LocalizationLanguageCode: 'en',
          Title: '',
          Content: 'x',
          DescriptionGroupId: null,
          IsMajorChange: true,
        },
        {
          Type: 'TermsAndConditions',
          LocalizationLanguageCode: 'en',
          Title: '',
          Content: 'x',
          DescriptionGroupId: null,
          IsMajorChange: true,
        },
      ],
    });

    expect(normalizeServiceDocument(doc).Descriptions.map((d) => d.IsMajorChange)).toEqual([false, true]);
  });
});

describe('finishing and tabs', () => {
  it.each([
    ['ShortDescription', 'Info'],
    ['Fields.2.DisplayName', 'Fields'],
    ['Layouts.0.Pages', 'Layout'],
    ['VendorReferenceField', 'Billing'],
    ['ProvisioningActions.1.Method', 'Provisioning'],
    ['Descriptions.0.Content', 'Localization'],
    ['ServiceVideos.0.Url', 'Files'],
    ['Nope', null],
  ])('[S5.1] %s belongs to tab %s', (path, tab) => {
    expect(tabOfErrorPath(path)).toBe(tab);
  });

  it('[S5.1] selects the first failing tab in tab order', () => {
    expect(
      firstFailingTab([
        { field: 'Descriptions.0.Content', message: 'x' },
        { field: 'BillingRules', message: 'x' },
        { field: 'ServiceVideos.0.Url', message: 'x' },
      ]),
    ).toBe('Files');
    expect(firstFailingTab([])).toBeNull();
  });
});

describe('edit-mode locks', () => {
  it('[S4.6] [S3.6] refuses changing the data center, dependencies, locked fee settings, and removing fields or actions', () => {
    const stored = validDoc({ Datacenter: 'eu-west', Dependencies: ['Contoso Mail'] });
    stored.ProvisioningActions = blankServiceDocument().ProvisioningActions;
    const next = structuredClone(stored);
    next.Datacenter = 'us-east';
    next.Dependencies = [];
    next.Fields = next.Fields.filter((f) => f.Id !== 'Seats');
    next.BillingRules[0] = { ...(next.BillingRules[0] as BillingRule), ChargeType: 'Setup', enabled: false, UdrcField: null };
    next.BillingRules.pop();
    next.ProvisioningActions = next.ProvisioningActions.slice(0, 2);

    const errors = validateEditLocks(stored, next);

    expect(errors).toEqual([
      { field: 'Datacenter', message: SERVICE_MESSAGES.datacenterLocked },
      { field: 'Dependencies', message: SERVICE_MESSAGES.dependenciesLocked },
      { field: 'Fields', message: "The field 'Seats' cannot be removed from an existing service" },
      { field: 'BillingRules.0.enabled', message: 'Switching on or off of an existing fee cannot be changed' },
      { field: 'BillingRules.0.ChargeType', message: 'The charge type of an existing fee cannot be changed' },
      { field: 'BillingRules.0.UdrcField', message: 'Linking of an existing fee cannot be changed' },
      { field: 'BillingRules', message: SERVICE_MESSAGES.ruleRemovalLocked },
      { field: 'ProvisioningActions', message: 'The action DELETE of an existing service cannot be removed' },
    ]);
  });

  it('[S4.6] lets prices, licence types and new fees change', () => {
    const stored = validDoc();
    const next = structuredClone(stored);
    next.BillingRules[0] = { ...(next.BillingRules[0] as BillingRule), Charge: '9.99', LicenceType: 'CORP-ADD' };
    next.BillingRules.push({ ...newBaseRule('Setup'), LicenceType: 'INFRA' });

    expect(validateEditLocks(stored, next)).toEqual([]);
  });
});

describe('cleaning before sending', () => {
  it('[S5.15] removes Tmp, nulls generated fee and price ids, empties conditions and strips working flags', () => {
    const raw = {
      ServiceName: 'x',
      Tmp: { ParentAccountTypes: ['Company'], ServiceNameWithBrackets: '(x)' },
      Fields: [{ Id: '__gen__a1', DisplayName: 'Plan' }],
      BillingRules: [
        {
          Id: '__gen__r1',
          Condition: { FieldId: '', Value: '' },
          SuggestedRetailPrices: [{ Id: '__gen__p1', Currency: 'EUR', Charge: '1' }],
          advancePaymentConfigurationEnabled: true,
          cancellationWindowInDays: 3,
          endDateAction: 'Renew',
        },
        { Id: 'kept', Condition: { FieldId: 'Plan', Value: 'Pro' } },
      ],
    };

    const cleaned = cleanServiceForSend(raw) as Record<string, any>;

    expect(cleaned.Tmp).toBeUndefined();
    expect(cleaned.Fields[0].Id).toBe('__gen__a1');
    expect(cleaned.BillingRules[0]).toEqual({
      Id: null,
      Condition: null,
      SuggestedRetailPrices: [{ Id: null, Currency: 'EUR', Charge: '1' }],
    });
    expect(cleaned.BillingRules[1]).toEqual({ Id: 'kept', Condition: { FieldId: 'Plan', Value: 'Pro' } });
  });

  it('[S5.15] drops billing rules of a complex product', () => {
    const cleaned = cleanServiceForSend({ IsComplexProduct: true, BillingRules: [{}] }) as Record<string, unknown>;

    expect(cleaned.BillingRules).toBeUndefined();
  });

  it('[S8.6] keeps the complex-product billing message word for word', () => {
    expect(SERVICE_MESSAGES.complexProductBilling).toBe("Currently we can't display billing; Please contact your sysadmin");
  });
});

describe('import', () => {
  it.each([
    { names: ['Plan', 'Seats'], messages: [] },
    { names: ['Plan', ' plan '], messages: ['The service you tried to import has duplicate field display names'] },
    { names: ['Plan', 'User name'], messages: ['The service you tried to import has reserved field names'] },
    {
      names: ['USERNAME', 'username'],
      messages: [
        'The service you tried to import has duplicate field display names',
        'The service you tried to import has reserved field names',
      ],
    },
  ])('[S5.2] [S8.4] fields $names give $messages', ({ names, messages }) => {
    expect(validateImport(names.map((DisplayName) => ({ DisplayName })))).toEqual(messages);
  });

  it('[S4.1] [S8.3] clears icon, screenshots and downloads of a service from another pod', () => {
    const doc = validDoc({
      pod_id: 'pod-a',
      Screenshots: [{ Url: '/s.png', Description: '' }],
      Downloads: [{ Url: '/d.pdf', Description: '' }],
      ServiceVideos: [{ Url: 'https://youtu.be/dQw4w9WgXcQ', Description: '' }],
    });

    const other = applyPodRule(doc, 'pod-b');
    const same = applyPodRule(doc, 'pod-a');

    expect(other.isFromOtherInstance).toBe(true);
    expect(other.doc).toMatchObject({ Icon: null, Screenshots: [], Downloads: [], pod_id: 'pod-b' });
    expect(other.doc.ServiceVideos).toHaveLength(1);
    expect(same).toEqual({ doc, isFromOtherInstance: false });
    expect(SERVICE_MESSAGES.importedFromOtherInstance).toBe('Looks like this service is imported from different instance');
  });
});

describe('generated field ids', () => {
  it.each([
    ['Number of users', 'NumberOfUsers'],
    ['e-mail address', 'EMailAddress'],
    ['2FA code', 'Field2FACode'],
    ['   ', 'Field'],
  ])('[S3.2] %j gets the id %j', (name, id) => {
    expect(fieldIdFromName(name)).toBe(id);
  });

  it('[S3.2] replaces __gen__ ids everywhere they are referenced, keeping ids unique', () => {
    const doc = ServiceDocumentSchema.parse({
      ServiceName: 'x',
      DisplayName: 'x',
      Fields: [
        { Id: 'Plan', DisplayName: 'Plan', FieldType: 'Combobox', AvailableValues: [{ Value: 'A' }] },
        { Id: '__gen__1', DisplayName: 'plan', FieldType: 'Numeric' },
        { Id: '__gen__2', DisplayName: 'Mailbox size', FieldType: 'Combobox', AvailableValues: [{ Value: '50' }] },
      ],
      Layouts: defaultLayouts(['Plan', '__gen__1', '__gen__2']),
      BillingRules: [
        { ChargeType: 'Monthly', UdrcField: '__gen__1' },
        { ChargeType: 'Monthly', Condition: { FieldId: '__gen__2', Value: '50' } },
      ],
      VendorReferenceField: '__gen__2',
      ProvisioningActions: [
        { Action: 'CREATE', Method: 'Http', ProvisioningHttp: { RequestBodyTemplate: '{"size":"{{__gen__2}}","p":"{{Plan}}"}' } },
        { Action: 'CustomAction_1', CustomActionDetails: { ActionDisplayname: 'Resize', Fields: ['__gen__2'] } },
      ],
    });

    const out = replaceGeneratedFieldIds(doc);

    expect(out.Fields.map((f) => f.Id)).toEqual(['Plan', 'Plan2', 'MailboxSize']);
    expect(out.Layouts[0]?.Pages[0]?.Blocks[0]?.Fields.map((f) => f.FieldId)).toEqual(['Plan', 'Plan2', 'MailboxSize']);
    expect(out.BillingRules[0]?.UdrcField).toBe('Plan2');
    expect(out.BillingRules[1]?.Condition?.FieldId).toBe('MailboxSize');
    expect(out.VendorReferenceField).toBe('MailboxSize');
    expect(out.ProvisioningActions[0]?.ProvisioningHttp?.RequestBodyTemplate).toBe('{"size":"{{MailboxSize}}","p":"{{Plan}}"}');
    expect(out.ProvisioningActions[1]?.CustomActionDetails?.Fields).toEqual(['MailboxSize']);
  });

  it('[S5.7] never derives a reserved id', () => {
    const doc = ServiceDocumentSchema.parse({
      ServiceName: 'x',
      DisplayName: 'x',
      Fields: [{ Id: '__gen__1', DisplayName: 'User name!', FieldType: 'Textbox' }],
    });

    expect(replaceGeneratedFieldIds(doc).Fields[0]?.Id).toBe('UserNameField');
  });
});

describe('capabilities per area', () => {
  it('[S6.1] [M6.16] asks for the PROMOTED context when updating a Promoted service', () => {
    expect(serviceAreaCapabilityKey('Billing', 'UPDATE')).toBe('SERVICE_TOOL_BILLING_UPDATE');
    expect(serviceAreaCapabilityKey('Billing', 'UPDATE', 'Promoted')).toBe('SERVICE_TOOL_BILLING_UPDATE:PROMOTED');
    expect(serviceAreaCapabilityKey('Billing', 'READ', 'Promoted')).toBe('SERVICE_TOOL_BILLING_READ');
  });

  it('[S6.1] [S6.3] lists the areas a caller may read or update', () => {
    const granted = new Set([
      'SERVICE_TOOL_INFO_READ',
      'SERVICE_TOOL_INFO_UPDATE',
      'SERVICE_TOOL_FILES_UPDATE:PROMOTED',
      'SERVICE_TOOL_FILES_UPDATE',
    ]);

    expect(allowedServiceAreas(granted, 'READ')).toEqual(['Info']);
    expect(allowedServiceAreas(granted, 'UPDATE')).toEqual(['Info', 'Files']);
    expect(allowedServiceAreas(granted, 'UPDATE', 'Promoted')).toEqual(['Files']);
  });

  it('[S6.1] grants the PROMOTED context keys of the six service-tool areas, apart from the plain keys', () => {
    const keys = contextualCapabilityKeys();

    expect(keys).toHaveLength(6);
    expect(keys).toContain('SERVICE_TOOL_PROVISIONING_UPDATE:PROMOTED');
    expect(allCapabilityKeys()).not.toContain('SERVICE_TOOL_PROVISIONING_UPDATE:PROMOTED');
    expect(allCapabilityKeys()).toContain('SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE');
  });

  it('[S7.3] leaves absent properties of an update absent, so they stay as stored', () => {
    const parsed = UpdateServiceInputSchema.parse({ ServiceName: 'x', ShortDescription: 'y', Version: 3 });

    expect(parsed).toEqual({ ServiceName: 'x', ShortDescription: 'y', Version: 3 });
  });
});
