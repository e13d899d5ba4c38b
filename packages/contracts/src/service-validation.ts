/**
 * The service tool's validation and cleaning rules [S5.*], [S4.3]-[S4.6], as pure functions shared by
 * the form (which shows them while editing) and the server (which enforces them on save and import).
 *
 * @example
 * validateFieldName({ name: 'User Name', otherNames: [], isNew: true }) // "'User Name' is a reserved field name"
 * const errors = validateServiceDocument(doc, { mode: 'create' }); // FieldError[] with paths like Fields.2.DisplayName
 */
import type { FieldError } from './errors.js';
import {
  BILLING_RULE_WORKING_FLAGS,
  type BillingRule,
  CUSTOM_ACTION_ICONS,
  CUSTOM_ACTION_PATTERN,
  GENERATED_ID_MARKER,
  IMPORTED_FROM_OTHER_INSTANCE,
  type ProvisioningAction,
  SERVICE_FIELD_TYPES,
  type ServiceDocument,
  type ServiceField,
  type ServiceFieldType,
  type ServiceLayout,
} from './services.js';

// ---------------------------------------------------------------------------------------------
// Limits and messages
// ---------------------------------------------------------------------------------------------

/** [S9.1]-[S9.3] */
export const SERVICE_LIMITS = {
  serviceName: 100,
  displayName: 100,
  shortDescription: 70,
  tags: 5,
  tagLength: 50,
  fieldNameNew: 100,
  fieldNameExisting: 250,
  comboboxValue: 200,
  confirmationTitle: 100,
  confirmationMessage: 4096,
  pagesPerLayout: 3,
  nameSuffixFirst: 2,
  nameSuffixLast: 41,
  pageNameWidth: { min: 30, max: 250 },
  blockNameWidth: { min: 30, max: 500 },
  valuePreview: 50,
  contractDaysMax: 1875,
  priceDecimals: 6,
  descriptionTitle: 250,
  draftAutosaveMs: 5000,
} as const;

/** [S5.7] Field names the platform uses itself, compared case-insensitively with spaces removed. */
export const RESERVED_FIELD_NAMES = [
  'ACTION',
  'AccountIdentificator',
  'AccountState',
  'AccountType',
  'ALSOCOUNTRYID',
  'BillingStartDate',
  'CALLBACKURL',
  'COMPANYNAME',
  'COMPANYID',
  'COMPANYACCOUNTID',
  'ContractId',
  'DisplayName',
  'ElectronicInvoiceAddress',
  'EndDate',
  'IncludeInOnlineBill',
  'IsAccountDisabled',
  'IsAdmin',
  'IsBillable',
  'Operator',
  'OperatorId',
  'ParentAccountId',
  'Password',
  'PRODUCTNAME',
  'ProvisioningLocations',
  'RESELLERID',
  'SdpActivationDate',
  'SendNotification',
  'SendNotificationToUser',
  'SendToSdp',
  'StartDate',
  'USERNAME',
  'USERACCOUNTID',
  'USERFIRSTTIMEPASSWORD',
] as const;

/** Messages of the service tool. Those the spec spells are word for word (typos included). */
export const SERVICE_MESSAGES = {
  // [S5.2], [S8.4]
  importDuplicateNames: 'The service you tried to import has duplicate field display names',
  importReservedNames: 'The service you tried to import has reserved field names',
  importNotAService: 'The file is not a service exported from the service tool',
  // [S8.3]
  importedFromOtherInstance: IMPORTED_FROM_OTHER_INSTANCE,
  // [S2.6], [S5.6]
  onlyYouTube: 'Only YouTube videos are allowed',
  iconFormat: 'The icon must be a png, jpg, jpeg or gif image',
  screenshotFormat: 'A screenshot must be a png, jpg, jpeg or gif image',
  fileUrl: 'Upload the file or give an https address',
  // [S5.11]
  passwordFirst: 'Password may be visible to users when set as the first field.',
  // [S5.8]
  editingLimited: 'Editing is limited, because field is addded to billing',
  // [S8.6]
  complexProductBilling: "Currently we can't display billing; Please contact your sysadmin",
  // [S8.5]
  confirmResetLayout: 'Are you sure you want to reset current layout',
  confirmRemoveAllFields: 'Are you sure you want to remove all fields',
  confirmRemoveTab: 'Remove this tab',
  layoutsDiffer: 'Layouts have differences',
  confirmDeleteLanguage: 'Are you sure that you want to delete language',
  languageDifference: 'Language difference',
  mergeLanguages: 'Merge languages',
  // Ours
  required: (what: string) => `${what} is required`,
  tooLong: (what: string, max: number) => `${what} can be at most ${max} characters`,
  fieldNameRequired: 'Field name is required',
  fieldNameTaken: 'Another field already has this name',
  fieldNameReserved: (name: string) => `'${name}' is a reserved field name`,
  comboboxValueTaken: 'Each value can appear only once',
  comboboxValuesRequired: 'Add at least one value',
  regexNotApplicable: 'A regular expression can be set on Textbox, Combobox and Numeric fields only',
  minAboveMax: 'The minimum must not be above the maximum',
  tooManyTags: `A service can have at most 5 tags`,
  parentsRequired: 'Choose at least one parent account type',
  parentServiceRequired: 'Choose the parent service for the Product parent type',
  serviceNameFormat: 'Use letters, digits, spaces and . _ - ( ) & + only, starting with a letter or digit',
  serviceNameNumeric: 'A service name cannot be only digits: that is read as a material number',
  tooManyPages: 'A layout can have at most 3 pages',
  wholeNumber: (min: number, max: number | null) =>
    max === null ? `Enter a whole number of ${min} or more` : `Enter a whole number from ${min} to ${max}`,
  price: 'Enter a price of 0 or more, with at most 6 decimals, e.g. 12.50',
  licenceTypeRequired: 'At least one enabled fee needs a licence type',
  vendorReferenceRequired: 'Choose the vendor reference field',
  unknownField: 'This field does not exist in the service',
  udrcNotNumeric: 'Only a Numeric field can set the quantity of a fee',
  conditionFieldType: 'A field-based fee needs a Combobox or Checkbox field',
  conditionValue: 'This value is not one of the field values',
  duplicateRule: 'There is already a fee for this value and charge type',
  currencyTwice: 'Give each currency once',
  renewalWithoutPrepaid: 'RENEW and RENEWMODIFY are only available when a fee uses advance payment',
  actionTwice: 'This action is defined twice',
  httpUrl: 'Enter the request URL, starting with http:// or https://',
  emailTo: 'Enter one or more e-mail addresses, separated by ; or ,',
  emailSubject: 'Enter the e-mail subject',
  customActionName: 'Enter the action name',
  customActionIcon: 'Choose one of the offered icons',
  customActionDetailsOnStandard: 'Only custom actions have a display name, icon and fields',
  languageTwice: 'This language is given twice',
  descriptionContent: 'Write the text for this language',
  defaultLanguageMissing: 'The default language needs a description',
  oneGroupPerType: 'All languages of one text must belong to the same description group',
  dependencySelf: 'A service cannot depend on itself',
  datacenterLocked: 'The data center cannot be changed after creation',
  dependenciesLocked: 'Dependencies cannot be changed after creation',
  fieldRemovalLocked: (name: string) => `The field '${name}' cannot be removed from an existing service`,
  ruleRemovalLocked: 'Fees of an existing service cannot be removed',
  ruleLocked: (what: string) => `${what} of an existing fee cannot be changed`,
  actionRemovalLocked: (action: string) => `The action ${action} of an existing service cannot be removed`,
  layoutTwice: 'There can be one CREATE and one VIEW layout',
  fieldInLayoutTwice: 'A field can appear only once in a layout',
  remoteEndpoint: 'Enter the endpoint address',
} as const;

// ---------------------------------------------------------------------------------------------
// Field names and values [S5.7]-[S5.11], [S5.14]
// ---------------------------------------------------------------------------------------------

const normalizeName = (name: string) => name.replace(/\s+/g, '').toLowerCase();
const RESERVED = new Set(RESERVED_FIELD_NAMES.map(normalizeName));

/** [S5.7] Compared case-insensitively with spaces removed: 'user name' is USERNAME. */
export function isReservedFieldName(name: string): boolean {
  return RESERVED.has(normalizeName(name));
}

/**
 * [S5.7] A field's display name: mandatory, unique among the service's other fields, not reserved,
 * at most 100 characters for a new field (250 for an existing one). Returns the message or null.
 */
export function validateFieldName(p: { name: string; otherNames: readonly string[]; isNew: boolean }): string | null {
  const name = p.name.trim();
  if (name === '') return SERVICE_MESSAGES.fieldNameRequired;
  const max = p.isNew ? SERVICE_LIMITS.fieldNameNew : SERVICE_LIMITS.fieldNameExisting;
  if (name.length > max) return SERVICE_MESSAGES.tooLong('Field name', max);
  if (isReservedFieldName(name)) return SERVICE_MESSAGES.fieldNameReserved(name);
  const key = name.toLowerCase();
  if (p.otherNames.some((other) => other.trim().toLowerCase() === key)) return SERVICE_MESSAGES.fieldNameTaken;
  return null;
}

/** [S5.8] Combobox values: empty ones dropped, each unique and at most 200 characters. */
export function cleanComboboxValues(values: readonly string[]): {
  values: string[];
  errors: { index: number; message: string }[];
} {
  const kept = values.map((v) => v.trim()).filter((v) => v !== '');
  const errors: { index: number; message: string }[] = [];
  const seen = new Set<string>();
  kept.forEach((value, index) => {
    if (value.length > SERVICE_LIMITS.comboboxValue) errors.push({ index, message: SERVICE_MESSAGES.tooLong('A value', 200) });
    else if (seen.has(value)) errors.push({ index, message: SERVICE_MESSAGES.comboboxValueTaken });
    seen.add(value);
  });
  return { values: kept, errors };
}

/** [S5.9] Field types a regular expression applies to. */
export const VALIDATOR_FIELD_TYPES: readonly ServiceFieldType[] = ['Textbox', 'Combobox', 'Numeric'];

export type RegexCheck = { ok: true; regex: RegExp } | { ok: false; error: string };

/** [S5.9] Compiles '/pattern/flags' or a plain pattern; the error is the engine's own text. */
export function compileValidator(text: string): RegexCheck {
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(text);
  try {
    return { ok: true, regex: literal ? new RegExp(literal[1] as string, literal[2]) : new RegExp(text) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

const QUIET_DISPLAY_TYPES = new Set(['Readonly', 'Hidden']);

/**
 * [S5.10] Validation makes no sense on a field the user cannot type into: when both display types are
 * Readonly or Hidden, or (outside custom-action mode) the display type alone is.
 */
export function isValidationDisabled(
  field: Pick<ServiceField, 'DisplayType' | 'DisplayTypeOnModify'>,
  options: { customActionMode?: boolean } = {},
): boolean {
  const onCreate = QUIET_DISPLAY_TYPES.has(field.DisplayType);
  const onModify = QUIET_DISPLAY_TYPES.has(field.DisplayTypeOnModify);
  return (onCreate && onModify) || (!options.customActionMode && onCreate);
}

/** [S5.10] Clears the validator, uniqueness and remote validation of a field whose validation is disabled. */
export function clearDisabledValidation<F extends ServiceField>(field: F, options: { customActionMode?: boolean } = {}): F {
  if (!isValidationDisabled(field, options)) return field;
  return { ...field, Validator: null, IsUnique: false, IsRemoteValidation: false, RemoteValidation: null };
}

/** [S5.11] The warning shown when a Password field comes first. */
export function passwordFirstWarning(fields: readonly Pick<ServiceField, 'FieldType'>[]): string | null {
  return fields[0]?.FieldType === 'Password' ? SERVICE_MESSAGES.passwordFirst : null;
}

/** [S5.3] A value list preview, cut at 50 characters with an ellipsis. */
export function previewValues(values: readonly { Value: string }[]): string {
  const text = values.map((v) => v.Value).join(', ');
  return text.length > SERVICE_LIMITS.valuePreview ? `${text.slice(0, SERVICE_LIMITS.valuePreview)}…` : text;
}

/** [S5.14], [S5.7]-[S5.10] The messages of one field, by property. */
export function validateField(
  field: ServiceField,
  p: { otherNames: readonly string[]; isNew: boolean },
): { property: string; message: string }[] {
  const out: { property: string; message: string }[] = [];
  const nameError = validateFieldName({ name: field.DisplayName, otherNames: p.otherNames, isNew: p.isNew });
  if (nameError) out.push({ property: 'DisplayName', message: nameError });
  if (!(SERVICE_FIELD_TYPES as readonly string[]).includes(field.FieldType)) {
    out.push({ property: 'FieldType', message: 'Unknown field type' });
  }
  if (field.FieldType === 'Combobox' || field.FieldType === 'MultiPicker') {
    const cleaned = cleanComboboxValues(field.AvailableValues.map((v) => v.Value));
    if (cleaned.values.length === 0 && !field.RemoteDataSource) {
      out.push({ property: 'AvailableValues', message: SERVICE_MESSAGES.comboboxValuesRequired });
    }
    for (const e of cleaned.errors) out.push({ property: `AvailableValues.${e.index}.Value`, message: e.message });
  }
  if (field.Validator !== null && field.Validator !== '') {
    if (!VALIDATOR_FIELD_TYPES.includes(field.FieldType)) {
      out.push({ property: 'Validator', message: SERVICE_MESSAGES.regexNotApplicable });
    } else {
      const compiled = compileValidator(field.Validator);
      if (!compiled.ok) out.push({ property: 'Validator', message: compiled.error });
    }
  }
  if (field.MinValue !== null && field.MaxValue !== null && field.MinValue > field.MaxValue) {
    out.push({ property: 'MinValue', message: SERVICE_MESSAGES.minAboveMax });
  }
  if (field.RemoteDataSource && !isHttpUrl(field.RemoteDataSource.Endpoint)) {
    out.push({ property: 'RemoteDataSource.Endpoint', message: SERVICE_MESSAGES.remoteEndpoint });
  }
  if (field.IsRemoteValidation && (!field.RemoteValidation || !isHttpUrl(field.RemoteValidation.Endpoint))) {
    out.push({ property: 'RemoteValidation.Endpoint', message: SERVICE_MESSAGES.remoteEndpoint });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Info and files [S2.5], [S2.6], [S5.5], [S5.6]
// ---------------------------------------------------------------------------------------------

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'];
const STORED_FILE = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

function extensionOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const dot = path.lastIndexOf('.');
  return dot < 0 ? '' : path.slice(dot + 1).toLowerCase();
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A file reference: a stored upload name, an https URL, or a path on this portal. */
export function isServiceFileUrl(url: string): boolean {
  if (STORED_FILE.test(url)) return true;
  if (/^\/[A-Za-z0-9._~/-]+$/.test(url) && !url.includes('..') && !url.startsWith('//')) return true;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** [S5.6] Icons (and screenshots) are png, jpg, jpeg or gif. */
export function isImageUrl(url: string): boolean {
  return isServiceFileUrl(url) && IMAGE_EXTENSIONS.includes(extensionOf(url));
}

/** [S2.6], [S5.6] Only YouTube links are accepted as videos. */
export function isYouTubeUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const host = url.hostname.toLowerCase();
  const id = /^[A-Za-z0-9_-]{6,20}$/;
  if (host === 'youtu.be') return id.test(url.pathname.slice(1));
  if (!['youtube.com', 'www.youtube.com', 'm.youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com'].includes(host)) {
    return false;
  }
  if (url.pathname === '/watch') return id.test(url.searchParams.get('v') ?? '');
  const match = /^\/(embed|shorts|live)\/([^/]+)$/.exec(url.pathname);
  return match !== null && id.test(match[2] ?? '');
}

const SERVICE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._()&+-]*$/u;

function validateInfo(doc: ServiceDocument, errors: FieldError[]) {
  const name = doc.ServiceName.trim();
  if (name === '') errors.push({ field: 'ServiceName', message: SERVICE_MESSAGES.required('Service name') });
  else if (name.length > SERVICE_LIMITS.serviceName)
    errors.push({ field: 'ServiceName', message: SERVICE_MESSAGES.tooLong('The service name', SERVICE_LIMITS.serviceName) });
  else if (/^\d+$/.test(name)) errors.push({ field: 'ServiceName', message: SERVICE_MESSAGES.serviceNameNumeric });
  else if (!SERVICE_NAME.test(name)) errors.push({ field: 'ServiceName', message: SERVICE_MESSAGES.serviceNameFormat });

  const displayName = doc.DisplayName.trim();
  if (displayName === '') errors.push({ field: 'DisplayName', message: SERVICE_MESSAGES.required('Service name') });
  else if (displayName.length > SERVICE_LIMITS.displayName)
    errors.push({ field: 'DisplayName', message: SERVICE_MESSAGES.tooLong('The service name', SERVICE_LIMITS.displayName) });

  if (doc.ShortDescription.length > SERVICE_LIMITS.shortDescription) {
    errors.push({ field: 'ShortDescription', message: SERVICE_MESSAGES.tooLong('Intro text', SERVICE_LIMITS.shortDescription) });
  }
  if (!doc.Category) errors.push({ field: 'Category', message: SERVICE_MESSAGES.required('Category') });

  if (doc.Tags.length > SERVICE_LIMITS.tags) errors.push({ field: 'Tags', message: SERVICE_MESSAGES.tooManyTags });
  const tags = new Set<string>();
  doc.Tags.forEach((tag, i) => {
    const t = tag.trim();
    if (t === '') errors.push({ field: `Tags.${i}`, message: SERVICE_MESSAGES.required('A tag') });
    else if (t.length > SERVICE_LIMITS.tagLength)
      errors.push({ field: `Tags.${i}`, message: SERVICE_MESSAGES.tooLong('A tag', SERVICE_LIMITS.tagLength) });
    else if (tags.has(t.toLowerCase())) errors.push({ field: `Tags.${i}`, message: 'This tag is given twice' });
    tags.add(t.toLowerCase());
  });

  if (doc.Parents.length === 0) errors.push({ field: 'Parents', message: SERVICE_MESSAGES.parentsRequired });
  const parentKeys = new Set<string>();
  doc.Parents.forEach((p, i) => {
    const key = `${p.ParentAccountType}/${p.ParentProductName ?? ''}`.toLowerCase();
    if (parentKeys.has(key)) errors.push({ field: `Parents.${i}`, message: 'This parent is given twice' });
    parentKeys.add(key);
    if (p.ParentAccountType === 'Product' && !p.ParentProductName?.trim()) {
      errors.push({ field: `Parents.${i}.ParentProductName`, message: SERVICE_MESSAGES.parentServiceRequired });
    }
    if (p.ParentProductName && p.ParentProductName.trim().toLowerCase() === name.toLowerCase()) {
      errors.push({ field: `Parents.${i}.ParentProductName`, message: 'A service cannot be its own parent' });
    }
  });

  const deps = new Set<string>();
  doc.Dependencies.forEach((d, i) => {
    const key = d.trim().toLowerCase();
    if (key === name.toLowerCase()) errors.push({ field: `Dependencies.${i}`, message: SERVICE_MESSAGES.dependencySelf });
    else if (deps.has(key)) errors.push({ field: `Dependencies.${i}`, message: 'This dependency is given twice' });
    deps.add(key);
  });

  if (!doc.Icon) errors.push({ field: 'Icon', message: SERVICE_MESSAGES.required('Icon') });
  else if (!isImageUrl(doc.Icon)) errors.push({ field: 'Icon', message: SERVICE_MESSAGES.iconFormat });
}

function validateFiles(doc: ServiceDocument, errors: FieldError[]) {
  doc.Screenshots.forEach((s, i) => {
    if (!isImageUrl(s.Url)) errors.push({ field: `Screenshots.${i}.Url`, message: SERVICE_MESSAGES.screenshotFormat });
  });
  doc.Downloads.forEach((d, i) => {
    if (!isServiceFileUrl(d.Url)) errors.push({ field: `Downloads.${i}.Url`, message: SERVICE_MESSAGES.fileUrl });
  });
  doc.ServiceVideos.forEach((v, i) => {
    if (!isYouTubeUrl(v.Url)) errors.push({ field: `ServiceVideos.${i}.Url`, message: SERVICE_MESSAGES.onlyYouTube });
  });
}

// ---------------------------------------------------------------------------------------------
// Layout [S3.3], [S4.3], [S5.3]
// ---------------------------------------------------------------------------------------------

/**
 * [S5.3] A default name that is not taken yet, compared case-insensitively: 'Page', then 'Page 2' up to
 * 'Page 41'. Null when all are taken.
 */
export function nextDefaultName(base: string, taken: readonly string[]): string | null {
  const used = new Set(taken.map((t) => t.trim().toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  for (let n = SERVICE_LIMITS.nameSuffixFirst; n <= SERVICE_LIMITS.nameSuffixLast; n++) {
    const candidate = `${base} ${n}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
  return null;
}

/** [S5.3] The width of a name input, clamped to 30-250 px for pages and 30-500 px for blocks. */
export function clampNameWidth(kind: 'page' | 'block', px: number): number {
  const { min, max } = kind === 'page' ? SERVICE_LIMITS.pageNameWidth : SERVICE_LIMITS.blockNameWidth;
  return Math.min(max, Math.max(min, px));
}

/** [S5.3] Add page is disabled at 3 pages. */
export function canAddPage(layout: Pick<ServiceLayout, 'Pages'>): boolean {
  return layout.Pages.length < SERVICE_LIMITS.pagesPerLayout;
}

/** [S4.3] CREATE and VIEW are identical (names, order, blocks and fields). */
export function layoutsIdentical(a: ServiceLayout, b: ServiceLayout): boolean {
  return sameValue(a.Pages, b.Pages);
}

/** [S4.3] The basic/advanced switch works only with exactly two layouts. */
export function canSwitchLayoutMode(layouts: readonly ServiceLayout[]): boolean {
  return layouts.length === 2;
}

/**
 * [S4.3] Switching advanced -> basic: direct when CREATE and VIEW are identical, otherwise the
 * 'Layouts have differences' confirm first. Switching makes VIEW a copy of CREATE.
 */
export function switchToBasic(layouts: readonly ServiceLayout[]): { needsConfirm: boolean; layouts: ServiceLayout[] } {
  const create = layouts.find((l) => l.Action === 'CREATE');
  const view = layouts.find((l) => l.Action === 'VIEW');
  if (!create || !view) return { needsConfirm: false, layouts: [...layouts] };
  return {
    needsConfirm: !layoutsIdentical(create, view),
    layouts: [create, { Action: 'VIEW', Pages: structuredClone(create.Pages) }],
  };
}

/** [S4.3] In basic mode with one page and one block, new fields join that block automatically. */
export function autoPlaceNewField(layouts: readonly ServiceLayout[], fieldId: string, basicMode: boolean): ServiceLayout[] {
  if (!basicMode) return [...layouts];
  return layouts.map((layout) => {
    const page = layout.Pages[0];
    const block = page?.Blocks[0];
    if (layout.Pages.length !== 1 || page?.Blocks.length !== 1 || !block) return layout;
    if (block.Fields.some((f) => f.FieldId === fieldId)) return layout;
    return { ...layout, Pages: [{ ...page, Blocks: [{ ...block, Fields: [...block.Fields, { FieldId: fieldId }] }] }] };
  });
}

/** The default layouts of a new service: CREATE and VIEW with one two-column page holding one block. */
export function defaultLayouts(fieldIds: readonly string[] = []): ServiceLayout[] {
  const page = () => ({
    Name: 'General',
    PageLayout: 'TwoColumn' as const,
    Type: 'normal' as const,
    Custom: {},
    Blocks: [{ Name: 'Details', Fields: fieldIds.map((FieldId) => ({ FieldId })) }],
  });
  return [
    { Action: 'CREATE', Pages: [page()] },
    { Action: 'VIEW', Pages: [page()] },
  ];
}

function validateLayouts(doc: ServiceDocument, errors: FieldError[]) {
  const fieldIds = new Set(doc.Fields.map((f) => f.Id));
  const actions = new Set<string>();
  doc.Layouts.forEach((layout, li) => {
    if (actions.has(layout.Action)) errors.push({ field: `Layouts.${li}.Action`, message: SERVICE_MESSAGES.layoutTwice });
    actions.add(layout.Action);
    if (layout.Pages.length > SERVICE_LIMITS.pagesPerLayout) {
      errors.push({ field: `Layouts.${li}.Pages`, message: SERVICE_MESSAGES.tooManyPages });
    }
    const placed = new Set<string>();
    layout.Pages.forEach((page, pi) => {
      if (page.Name.trim() === '')
        errors.push({ field: `Layouts.${li}.Pages.${pi}.Name`, message: SERVICE_MESSAGES.required('Page name') });
      page.Blocks.forEach((block, bi) => {
        const at = `Layouts.${li}.Pages.${pi}.Blocks.${bi}`;
        if (block.Name.trim() === '') errors.push({ field: `${at}.Name`, message: SERVICE_MESSAGES.required('Group name') });
        block.Fields.forEach((f, fi) => {
          if (!fieldIds.has(f.FieldId))
            errors.push({ field: `${at}.Fields.${fi}.FieldId`, message: SERVICE_MESSAGES.unknownField });
          else if (placed.has(f.FieldId))
            errors.push({ field: `${at}.Fields.${fi}.FieldId`, message: SERVICE_MESSAGES.fieldInLayoutTwice });
          placed.add(f.FieldId);
        });
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Billing [S3.5], [S4.4]-[S4.7], [S5.12], [S5.13]
// ---------------------------------------------------------------------------------------------

const PRICE = /^\d{1,12}(\.\d{1,6})?$/;

/** [S5.13] A price: at least 0 with up to 6 decimals. Returns the message or null. */
export function validatePrice(text: string): string | null {
  return PRICE.test(text.trim()) ? null : SERVICE_MESSAGES.price;
}

/** [S5.13] A price as shown: at least two decimals, the stored ones kept ('5' -> '5.00', '1.234' stays). */
export function formatPrice(text: string): string {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0')}`;
}

/** [S5.13] A whole number within [min, max] (max null: no upper bound). Returns the message or null. */
export function validateWholeNumber(value: number | null, min: number, max: number | null): string | null {
  if (value === null) return null;
  if (!Number.isInteger(value) || value < min || (max !== null && value > max)) return SERVICE_MESSAGES.wholeNumber(min, max);
  return null;
}

/** A rule is field-based when it has a condition; base rules have none [S3.5]. */
export const isFieldBasedRule = (rule: Pick<BillingRule, 'Condition'>) => rule.Condition !== null;

/** [S4.4] Some billing rule uses advance payment (prepaid). */
export function usesAdvancePayment(rules: readonly Pick<BillingRule, 'AdvancePaymentConfiguration'>[]): boolean {
  return rules.some((r) => r.AdvancePaymentConfiguration !== null);
}

/** [S5.8] The field takes part in billing (a fee's condition, quantity or link), so editing is limited. */
export function isFieldInBilling(doc: Pick<ServiceDocument, 'BillingRules'>, fieldId: string): boolean {
  return doc.BillingRules.some(
    (r) => r.Condition?.FieldId === fieldId || r.UdrcField === fieldId || r.LinkedFields.some((l) => l.FieldId === fieldId),
  );
}

/** [S4.5] Numeric fields can set the quantity of a fee. */
export function linkableFields(fields: readonly ServiceField[]): ServiceField[] {
  return fields.filter((f) => f.FieldType === 'Numeric');
}

function emptyRule(chargeType: BillingRule['ChargeType'], condition: BillingRule['Condition']): BillingRule {
  return {
    Id: null,
    enabled: true,
    ChargeType: chargeType,
    BillableTimeUnit: 'Day',
    Charge: '0',
    ChargeFirstTimeUnit: true,
    ChargeLastTimeUnit: true,
    Condition: condition,
    UdrcField: null,
    UdrcValueSelection: 'Last',
    UdrcFieldAllowDecline: false,
    LicenceType: null,
    VendorSku: null,
    PriceableItemId: null,
    SuggestedRetailPrices: [],
    AdvancePaymentConfiguration: null,
    ContractRenew: null,
    CancellationWindowInDays: null,
    EndDateAction: 'Renew',
    OrderReviewMessage: null,
    LinkedFields: [],
  };
}

/** A new base fee with the defaults of [S9.5]. */
export const newBaseRule = (chargeType: BillingRule['ChargeType']) => emptyRule(chargeType, null);

/**
 * [S4.5] Keeps a Combobox field's fees in step with its values: a value that disappeared loses its
 * fees, and once the field is in billing a new value gets a fee for each charge type the field uses.
 */
export function syncComboboxRules(rules: readonly BillingRule[], field: ServiceField): BillingRule[] {
  if (field.FieldType !== 'Combobox') return [...rules];
  const values = new Set(field.AvailableValues.map((v) => v.Value));
  const own = rules.filter((r) => r.Condition?.FieldId === field.Id);
  if (own.length === 0) return [...rules];
  const kept = rules.filter((r) => r.Condition?.FieldId !== field.Id || values.has(r.Condition.Value));
  const chargeTypes = [...new Set(own.map((r) => r.ChargeType))];
  const added: BillingRule[] = [];
  for (const value of values) {
    for (const chargeType of chargeTypes) {
      if (!kept.some((r) => r.Condition?.FieldId === field.Id && r.Condition.Value === value && r.ChargeType === chargeType)) {
        added.push(emptyRule(chargeType, { FieldId: field.Id, Value: value }));
      }
    }
  }
  return [...kept, ...added];
}

/** [S4.5] Adds field-based fees for every value of a Combobox field (or 'true' of a Checkbox). */
export function addFieldToBilling(
  rules: readonly BillingRule[],
  field: ServiceField,
  chargeType: BillingRule['ChargeType'],
): BillingRule[] {
  const values = field.FieldType === 'Checkbox' ? ['true'] : field.AvailableValues.map((v) => v.Value);
  const added = values
    .filter(
      (value) =>
        !rules.some((r) => r.Condition?.FieldId === field.Id && r.Condition.Value === value && r.ChargeType === chargeType),
    )
    .map((value) => emptyRule(chargeType, { FieldId: field.Id, Value: value }));
  return [...rules, ...added];
}

/**
 * [S4.5], [S4.6] Removes a field and every reference to it. In create mode its fees go too; in edit mode
 * a field cannot be deleted (the delete button is disabled), so this returns null.
 */
export function removeField(doc: ServiceDocument, fieldId: string, mode: 'create' | 'edit'): ServiceDocument | null {
  if (mode === 'edit') return null;
  return {
    ...doc,
    Fields: doc.Fields.filter((f) => f.Id !== fieldId),
    Layouts: doc.Layouts.map((l) => ({
      ...l,
      Pages: l.Pages.map((p) => ({
        ...p,
        Blocks: p.Blocks.map((b) => ({ ...b, Fields: b.Fields.filter((f) => f.FieldId !== fieldId) })),
      })),
    })),
    BillingRules: doc.BillingRules.filter((r) => r.Condition?.FieldId !== fieldId).map((r) => ({
      ...r,
      UdrcField: r.UdrcField === fieldId ? null : r.UdrcField,
      LinkedFields: r.LinkedFields.filter((l) => l.FieldId !== fieldId),
    })),
    VendorReferenceField: doc.VendorReferenceField === fieldId ? null : doc.VendorReferenceField,
    ProvisioningActions: doc.ProvisioningActions.map((a) =>
      a.CustomActionDetails
        ? {
            ...a,
            CustomActionDetails: { ...a.CustomActionDetails, Fields: a.CustomActionDetails.Fields.filter((f) => f !== fieldId) },
          }
        : a,
    ),
  };
}

function validateBilling(doc: ServiceDocument, errors: FieldError[], options: { currencies?: readonly string[] }) {
  const byId = new Map(doc.Fields.map((f) => [f.Id, f]));
  const number = (field: string, value: number | null, min: number, max: number | null) => {
    const message = validateWholeNumber(value, min, max);
    if (message) errors.push({ field, message });
  };
  number('PriceProtectionLengthInDays', doc.PriceProtectionLengthInDays, 0, SERVICE_LIMITS.contractDaysMax);
  number('MinimumContractPeriodInDays', doc.MinimumContractPeriodInDays, 0, SERVICE_LIMITS.contractDaysMax);
  number('GracePeriodInHours', doc.GracePeriodInHours, 0, null);

  const rules = doc.IsComplexProduct ? [] : doc.BillingRules;
  // [S5.12] At least one enabled rule with a licence type, unless there are no rules.
  if (rules.length > 0 && !rules.some((r) => r.enabled && r.LicenceType)) {
    errors.push({ field: 'BillingRules', message: SERVICE_MESSAGES.licenceTypeRequired });
  }
  // [S5.12] A vendor reference field, unless there are no rules or no fields.
  if (doc.VendorReferenceField === null) {
    if (rules.length > 0 && doc.Fields.length > 0) {
      errors.push({ field: 'VendorReferenceField', message: SERVICE_MESSAGES.vendorReferenceRequired });
    }
  } else if (!byId.has(doc.VendorReferenceField)) {
    errors.push({ field: 'VendorReferenceField', message: SERVICE_MESSAGES.unknownField });
  }

  const seenConditions = new Set<string>();
  rules.forEach((rule, i) => {
    const at = `BillingRules.${i}`;
    if (validatePrice(rule.Charge)) errors.push({ field: `${at}.Charge`, message: SERVICE_MESSAGES.price });
    const currencies = new Set<string>();
    rule.SuggestedRetailPrices.forEach((srp, j) => {
      if (validatePrice(srp.Charge))
        errors.push({ field: `${at}.SuggestedRetailPrices.${j}.Charge`, message: SERVICE_MESSAGES.price });
      if (currencies.has(srp.Currency)) {
        errors.push({ field: `${at}.SuggestedRetailPrices.${j}.Currency`, message: SERVICE_MESSAGES.currencyTwice });
      } else if (options.currencies && !options.currencies.includes(srp.Currency)) {
        errors.push({ field: `${at}.SuggestedRetailPrices.${j}.Currency`, message: 'This currency is not available' });
      }
      currencies.add(srp.Currency);
    });
    if (rule.AdvancePaymentConfiguration) {
      number(
        `${at}.AdvancePaymentConfiguration.AdvancePeriodLenghtInMonths`,
        rule.AdvancePaymentConfiguration.AdvancePeriodLenghtInMonths,
        0,
        null,
      );
    }
    if (rule.ContractRenew?.ContractRenewRequired) {
      if (rule.ContractRenew.ContractRenewPeriodInMonths === null) {
        errors.push({
          field: `${at}.ContractRenew.ContractRenewPeriodInMonths`,
          message: SERVICE_MESSAGES.required('The renew period'),
        });
      } else number(`${at}.ContractRenew.ContractRenewPeriodInMonths`, rule.ContractRenew.ContractRenewPeriodInMonths, 0, null);
    }
    number(`${at}.CancellationWindowInDays`, rule.CancellationWindowInDays, 0, null);

    if (rule.Condition) {
      const field = byId.get(rule.Condition.FieldId);
      if (!field) errors.push({ field: `${at}.Condition.FieldId`, message: SERVICE_MESSAGES.unknownField });
      else if (field.FieldType === 'Combobox') {
        if (!field.AvailableValues.some((v) => v.Value === rule.Condition?.Value)) {
          errors.push({ field: `${at}.Condition.Value`, message: SERVICE_MESSAGES.conditionValue });
        }
      } else if (field.FieldType === 'Checkbox') {
        if (!['true', 'false'].includes(rule.Condition.Value)) {
          errors.push({ field: `${at}.Condition.Value`, message: SERVICE_MESSAGES.conditionValue });
        }
      } else errors.push({ field: `${at}.Condition.FieldId`, message: SERVICE_MESSAGES.conditionFieldType });
      const key = `${rule.Condition.FieldId}\u0000${rule.Condition.Value}\u0000${rule.ChargeType}`;
      if (seenConditions.has(key)) errors.push({ field: `${at}.Condition`, message: SERVICE_MESSAGES.duplicateRule });
      seenConditions.add(key);
    }
    if (rule.UdrcField !== null) {
      const field = byId.get(rule.UdrcField);
      if (!field) errors.push({ field: `${at}.UdrcField`, message: SERVICE_MESSAGES.unknownField });
      else if (field.FieldType !== 'Numeric') errors.push({ field: `${at}.UdrcField`, message: SERVICE_MESSAGES.udrcNotNumeric });
    }
    rule.LinkedFields.forEach((l, j) => {
      if (!byId.has(l.FieldId)) errors.push({ field: `${at}.LinkedFields.${j}.FieldId`, message: SERVICE_MESSAGES.unknownField });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Provisioning [S3.6], [S4.4], [S5.4]
// ---------------------------------------------------------------------------------------------

/** [S4.4] The action boxes the Provisioning tab shows: RENEW and RENEWMODIFY only with advance payment. */
export function provisioningBoxes(rules: readonly Pick<BillingRule, 'AdvancePaymentConfiguration'>[]): string[] {
  return usesAdvancePayment(rules) ? ['CREATE', 'MODIFY', 'DELETE', 'RENEW', 'RENEWMODIFY'] : ['CREATE', 'MODIFY', 'DELETE'];
}

/** A provisioning action with the defaults of [S9.5]. */
export function newProvisioningAction(action: string): ProvisioningAction {
  return {
    Action: action,
    Method: 'None',
    ProvisioningHttp: null,
    ProvisioningEmail: null,
    CustomActionDetails: CUSTOM_ACTION_PATTERN.test(action) ? { Icon: 'running-man', ActionDisplayname: '', Fields: [] } : null,
  };
}

/**
 * [S4.4] In create mode RENEW and RENEWMODIFY boxes appear when a billing rule uses advance payment
 * and are removed when none does. Other actions are kept in order.
 */
export function syncRenewActions(
  actions: readonly ProvisioningAction[],
  rules: readonly Pick<BillingRule, 'AdvancePaymentConfiguration'>[],
): ProvisioningAction[] {
  const prepaid = usesAdvancePayment(rules);
  const kept = actions.filter((a) => prepaid || (a.Action !== 'RENEW' && a.Action !== 'RENEWMODIFY'));
  if (!prepaid) return kept;
  for (const name of ['RENEW', 'RENEWMODIFY']) if (!kept.some((a) => a.Action === name)) kept.push(newProvisioningAction(name));
  return kept;
}

/** The next free custom action name: CustomAction_1, CustomAction_2, ... */
export function nextCustomActionName(actions: readonly Pick<ProvisioningAction, 'Action'>[]): string {
  const used = new Set(actions.map((a) => a.Action));
  let n = 1;
  while (used.has(`CustomAction_${n}`)) n++;
  return `CustomAction_${n}`;
}

const EMAIL = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;

/** Addresses of an EmailTo value, separated by ; or , */
export function emailAddresses(text: string): string[] {
  return text
    .split(/[;,]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** [S5.4] Remaining characters of the post-creation message's title and content. */
export function confirmationRemaining(message: { Title: string; Message: string }): { title: number; message: number } {
  return {
    title: SERVICE_LIMITS.confirmationTitle - message.Title.length,
    message: SERVICE_LIMITS.confirmationMessage - message.Message.length,
  };
}

function validateProvisioning(doc: ServiceDocument, errors: FieldError[]) {
  doc.PostCreationMessage.forEach((m, i) => {
    if (m.Title.length > SERVICE_LIMITS.confirmationTitle) {
      errors.push({
        field: `PostCreationMessage.${i}.Title`,
        message: SERVICE_MESSAGES.tooLong('The title', SERVICE_LIMITS.confirmationTitle),
      });
    }
    if (m.Message.length > SERVICE_LIMITS.confirmationMessage) {
      errors.push({
        field: `PostCreationMessage.${i}.Message`,
        message: SERVICE_MESSAGES.tooLong('The message', SERVICE_LIMITS.confirmationMessage),
      });
    }
  });
  const fieldIds = new Set(doc.Fields.map((f) => f.Id));
  const prepaid = usesAdvancePayment(doc.IsComplexProduct ? [] : doc.BillingRules);
  const seen = new Set<string>();
  doc.ProvisioningActions.forEach((a, i) => {
    const at = `ProvisioningActions.${i}`;
    if (seen.has(a.Action)) errors.push({ field: `${at}.Action`, message: SERVICE_MESSAGES.actionTwice });
    seen.add(a.Action);
    if ((a.Action === 'RENEW' || a.Action === 'RENEWMODIFY') && !prepaid) {
      errors.push({ field: `${at}.Action`, message: SERVICE_MESSAGES.renewalWithoutPrepaid });
    }
    if (a.Method === 'Http') {
      const url = a.ProvisioningHttp?.RequestUrlTemplate.trim() ?? '';
      if (!/^https?:\/\/\S+$/.test(url))
        errors.push({ field: `${at}.ProvisioningHttp.RequestUrlTemplate`, message: SERVICE_MESSAGES.httpUrl });
      if (a.ProvisioningHttp?.Auth === 'Basic' && !a.ProvisioningHttp.AuthUsername.trim()) {
        errors.push({ field: `${at}.ProvisioningHttp.AuthUsername`, message: SERVICE_MESSAGES.required('The user name') });
      }
    }
    if (a.Method === 'Email') {
      const to = emailAddresses(a.ProvisioningEmail?.EmailTo ?? '');
      if (to.length === 0 || !to.every((e) => EMAIL.test(e))) {
        errors.push({ field: `${at}.ProvisioningEmail.EmailTo`, message: SERVICE_MESSAGES.emailTo });
      }
      if (!a.ProvisioningEmail?.SubjectTemplate.trim()) {
        errors.push({ field: `${at}.ProvisioningEmail.SubjectTemplate`, message: SERVICE_MESSAGES.emailSubject });
      }
    }
    if (CUSTOM_ACTION_PATTERN.test(a.Action)) {
      const details = a.CustomActionDetails;
      if (!details?.ActionDisplayname.trim()) {
        errors.push({ field: `${at}.CustomActionDetails.ActionDisplayname`, message: SERVICE_MESSAGES.customActionName });
      }
      if (details && !(CUSTOM_ACTION_ICONS as readonly string[]).includes(details.Icon)) {
        errors.push({ field: `${at}.CustomActionDetails.Icon`, message: SERVICE_MESSAGES.customActionIcon });
      }
      details?.Fields.forEach((f, j) => {
        if (!fieldIds.has(f))
          errors.push({ field: `${at}.CustomActionDetails.Fields.${j}`, message: SERVICE_MESSAGES.unknownField });
      });
    } else if (a.CustomActionDetails) {
      errors.push({ field: `${at}.CustomActionDetails`, message: SERVICE_MESSAGES.customActionDetailsOnStandard });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Localization [S2.11], [S3.4]
// ---------------------------------------------------------------------------------------------

/** [S4.8] Languages of two description sets differ, so linking asks to merge them. */
export function languagesDiffer(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size !== sb.size || [...sa].some((l) => !sb.has(l));
}

/** [S8.7] Merging on link: the linked texts, plus this service's texts in languages the group lacks. */
export function mergeDescriptionLanguages<D extends { LocalizationLanguageCode: string }>(
  linked: readonly D[],
  own: readonly D[],
): D[] {
  const have = new Set(linked.map((d) => d.LocalizationLanguageCode));
  return [...linked, ...own.filter((d) => !have.has(d.LocalizationLanguageCode))];
}

function validateDescriptions(doc: ServiceDocument, errors: FieldError[]) {
  const seen = new Set<string>();
  const groups = new Map<string, string | null>();
  doc.Descriptions.forEach((d, i) => {
    const at = `Descriptions.${i}`;
    const key = `${d.Type}/${d.LocalizationLanguageCode}`;
    if (seen.has(key)) errors.push({ field: `${at}.LocalizationLanguageCode`, message: SERVICE_MESSAGES.languageTwice });
    seen.add(key);
    if (d.Content.trim() === '') errors.push({ field: `${at}.Content`, message: SERVICE_MESSAGES.descriptionContent });
    if (d.Title.length > SERVICE_LIMITS.descriptionTitle) {
      errors.push({ field: `${at}.Title`, message: SERVICE_MESSAGES.tooLong('The title', SERVICE_LIMITS.descriptionTitle) });
    }
    if (groups.has(d.Type) && groups.get(d.Type) !== d.DescriptionGroupId) {
      errors.push({ field: `${at}.DescriptionGroupId`, message: SERVICE_MESSAGES.oneGroupPerType });
    }
    groups.set(d.Type, d.DescriptionGroupId);
  });
  const languages = doc.Descriptions.filter((d) => d.Type === 'Description').map((d) => d.LocalizationLanguageCode);
  if (languages.length > 0 && !languages.includes(doc.DefaultLanguage)) {
    errors.push({ field: 'DefaultLanguage', message: SERVICE_MESSAGES.defaultLanguageMissing });
  }
}

// ---------------------------------------------------------------------------------------------
// The whole document [S5.1], tabs and edit locks [S4.6]
// ---------------------------------------------------------------------------------------------

/** [S2.2] The tabs of the window, in order. */
export const SERVICE_TOOL_TABS = ['Info', 'Files', 'Fields', 'Layout', 'Billing', 'Provisioning', 'Localization'] as const;
export type ServiceToolTab = (typeof SERVICE_TOOL_TABS)[number];

const TAB_OF_PROPERTY: Record<string, ServiceToolTab> = {
  ServiceName: 'Info',
  DisplayName: 'Info',
  ShortDescription: 'Info',
  Category: 'Info',
  Tags: 'Info',
  Icon: 'Info',
  Parents: 'Info',
  Dependencies: 'Info',
  CanHaveOnlyOneInstanceUnderParent: 'Info',
  Screenshots: 'Files',
  Downloads: 'Files',
  ServiceVideos: 'Files',
  Fields: 'Fields',
  Layouts: 'Layout',
  BillingRules: 'Billing',
  PriceProtectionLengthInDays: 'Billing',
  MinimumContractPeriodInDays: 'Billing',
  GracePeriodInHours: 'Billing',
  VendorReferenceField: 'Billing',
  Datacenter: 'Provisioning',
  PostCreationMessage: 'Provisioning',
  ProvisioningActions: 'Provisioning',
  Descriptions: 'Localization',
  DefaultLanguage: 'Localization',
};

/** The tab an error path ('Fields.2.DisplayName') belongs to. */
export function tabOfErrorPath(path: string): ServiceToolTab | null {
  return TAB_OF_PROPERTY[path.split('.')[0] ?? ''] ?? null;
}

/** [S5.1] Tabs are checked in order; the first failing one is selected. */
export function firstFailingTab(errors: readonly FieldError[]): ServiceToolTab | null {
  const failing = new Set(errors.map((e) => tabOfErrorPath(e.field)));
  return SERVICE_TOOL_TABS.find((tab) => failing.has(tab)) ?? null;
}

export interface ValidateServiceOptions {
  /** create: new fields allow 100-character names; edit: existing fields 250 [S5.7]. */
  mode: 'create' | 'edit';
  /** Ids of fields already saved (edit mode), for the 100/250 name length. */
  existingFieldIds?: readonly string[];
  /** Currency codes SRP may use; unchecked when absent. */
  currencies?: readonly string[];
}

/** [S5.1]-[S5.14] Every rule of every tab. Paths name the property: `BillingRules.0.Charge`. */
export function validateServiceDocument(doc: ServiceDocument, options: ValidateServiceOptions): FieldError[] {
  const errors: FieldError[] = [];
  validateInfo(doc, errors);
  validateFiles(doc, errors);
  const existing = new Set(options.existingFieldIds ?? []);
  const ids = new Set<string>();
  doc.Fields.forEach((field, i) => {
    if (ids.has(field.Id)) errors.push({ field: `Fields.${i}.Id`, message: 'Two fields have the same id' });
    ids.add(field.Id);
    const otherNames = doc.Fields.filter((_, j) => j !== i).map((f) => f.DisplayName);
    const isNew = options.mode === 'create' || !existing.has(field.Id);
    for (const e of validateField(field, { otherNames, isNew }))
      errors.push({ field: `Fields.${i}.${e.property}`, message: e.message });
  });
  validateLayouts(doc, errors);
  validateBilling(doc, errors, { currencies: options.currencies });
  validateProvisioning(doc, errors);
  validateDescriptions(doc, errors);
  return errors;
}

/** JSON with object keys sorted, so values read back from jsonb (which reorders keys) compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Deep equality of JSON values, ignoring key order. */
export const sameValue = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const sameJson = sameValue;

/**
 * [S4.6], [S3.6] What edit mode locks, checked against the stored service: the data center,
 * dependencies, fields (no deletion), existing fees (no removal, toggle, charge type, prepaid,
 * contract renew, cancellation window or linking changes) and existing provisioning action names.
 */
export function validateEditLocks(stored: ServiceDocument, next: ServiceDocument): FieldError[] {
  const errors: FieldError[] = [];
  if (stored.Datacenter !== next.Datacenter) errors.push({ field: 'Datacenter', message: SERVICE_MESSAGES.datacenterLocked });
  if (!sameJson([...stored.Dependencies].sort(), [...next.Dependencies].sort())) {
    errors.push({ field: 'Dependencies', message: SERVICE_MESSAGES.dependenciesLocked });
  }
  const nextFieldIds = new Set(next.Fields.map((f) => f.Id));
  for (const field of stored.Fields) {
    if (!nextFieldIds.has(field.Id))
      errors.push({ field: 'Fields', message: SERVICE_MESSAGES.fieldRemovalLocked(field.DisplayName) });
  }
  if (!stored.IsComplexProduct) {
    const nextRules = new Map(next.BillingRules.filter((r) => r.Id !== null).map((r, i) => [r.Id, { rule: r, i }]));
    for (const rule of stored.BillingRules) {
      const found = rule.Id === null ? undefined : nextRules.get(rule.Id);
      if (!found) {
        errors.push({ field: 'BillingRules', message: SERVICE_MESSAGES.ruleRemovalLocked });
        continue;
      }
      const at = `BillingRules.${next.BillingRules.indexOf(found.rule)}`;
      const locked: [string, string, unknown, unknown][] = [
        ['enabled', 'Switching on or off', rule.enabled, found.rule.enabled],
        ['ChargeType', 'The charge type', rule.ChargeType, found.rule.ChargeType],
        [
          'AdvancePaymentConfiguration',
          'The prepaid setting',
          rule.AdvancePaymentConfiguration,
          found.rule.AdvancePaymentConfiguration,
        ],
        ['ContractRenew', 'The contract renew setting', rule.ContractRenew, found.rule.ContractRenew],
        [
          'CancellationWindowInDays',
          'The cancellation window',
          rule.CancellationWindowInDays,
          found.rule.CancellationWindowInDays,
        ],
        ['UdrcField', 'Linking', rule.UdrcField, found.rule.UdrcField],
        ['LinkedFields', 'Linking', rule.LinkedFields, found.rule.LinkedFields],
        ['Condition', 'The condition', rule.Condition, found.rule.Condition],
      ];
      for (const [property, what, before, after] of locked) {
        if (!sameJson(before, after)) errors.push({ field: `${at}.${property}`, message: SERVICE_MESSAGES.ruleLocked(what) });
      }
    }
  }
  const nextActions = new Set(next.ProvisioningActions.map((a) => a.Action));
  for (const action of stored.ProvisioningActions) {
    if (!nextActions.has(action.Action)) {
      errors.push({ field: 'ProvisioningActions', message: SERVICE_MESSAGES.actionRemovalLocked(action.Action) });
    }
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Cleaning [S5.10], [S5.15] and import [S4.1], [S5.2]
// ---------------------------------------------------------------------------------------------

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isGenerated = (v: unknown) => typeof v === 'string' && v.startsWith(GENERATED_ID_MARKER);

/**
 * [S5.15] Before sending: temporary data (Tmp) removed; BillingRules dropped for a complex product;
 * generated ids of fees and suggested retail prices set to null (field ids stay: layouts, fees and
 * templates refer to them, and the server replaces them); an empty Condition becomes null; the
 * billing form's working flags stripped. Works on the raw form object, before schema parsing.
 */
export function cleanServiceForSend(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const { Tmp: _tmp, ...rest } = raw;
  const out: Record<string, unknown> = { ...rest };
  if (out.IsComplexProduct === true) {
    delete out.BillingRules;
  } else if (Array.isArray(out.BillingRules)) {
    out.BillingRules = out.BillingRules.map((rule) => {
      if (!isRecord(rule)) return rule;
      const cleaned: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(rule)) {
        if (!(BILLING_RULE_WORKING_FLAGS as readonly string[]).includes(key)) cleaned[key] = value;
      }
      if (isGenerated(cleaned.Id)) cleaned.Id = null;
      const condition = cleaned.Condition;
      if (
        condition !== undefined &&
        (!isRecord(condition) || !condition.FieldId || condition.Value === undefined || condition.Value === '')
      ) {
        cleaned.Condition = null;
      }
      if (Array.isArray(cleaned.SuggestedRetailPrices)) {
        cleaned.SuggestedRetailPrices = cleaned.SuggestedRetailPrices.map((srp) =>
          isRecord(srp) && isGenerated(srp.Id) ? { ...srp, Id: null } : srp,
        );
      }
      return cleaned;
    });
  }
  return out;
}

/**
 * Normalizes a parsed document the way the form does before saving: generated fee and price ids
 * become null [S5.15], trims names, drops empty
 * Combobox values [S5.8], clears validation of read-only fields [S5.10], clears a non-Product
 * parent's product name, the order-review message of a base fee [S3.5], the renew period when renew is
 * not required [S4.7], custom-action details of standard actions, and orders layouts CREATE then VIEW [S3.3].
 */
export function normalizeServiceDocument(doc: ServiceDocument): ServiceDocument {
  return {
    ...doc,
    ServiceName: doc.ServiceName.trim(),
    DisplayName: doc.DisplayName.trim(),
    Tags: doc.Tags.map((t) => t.trim()),
    Dependencies: doc.Dependencies.map((d) => d.trim()),
    Parents: doc.Parents.map((p) => ({
      ParentAccountType: p.ParentAccountType,
      ParentProductName: p.ParentAccountType === 'Product' ? (p.ParentProductName?.trim() ?? null) : null,
    })),
    Fields: doc.Fields.map((f) => {
      const field = { ...f, DisplayName: f.DisplayName.trim() };
      if (f.FieldType === 'Combobox' || f.FieldType === 'MultiPicker') {
        field.AvailableValues = f.AvailableValues.map((v) => ({ Value: v.Value.trim() })).filter((v) => v.Value !== '');
      }
      if (!f.IsRemoteValidation) field.RemoteValidation = null;
      return clearDisabledValidation(field);
    }),
    Layouts: [...doc.Layouts].sort((a, b) => (a.Action === b.Action ? 0 : a.Action === 'CREATE' ? -1 : 1)),
    BillingRules: doc.IsComplexProduct
      ? []
      : doc.BillingRules.map((r) => ({
          ...r,
          Id: isGenerated(r.Id) ? null : r.Id,
          SuggestedRetailPrices: r.SuggestedRetailPrices.map((p) => (isGenerated(p.Id) ? { ...p, Id: null } : p)),
          OrderReviewMessage: r.Condition ? r.OrderReviewMessage : null,
          ContractRenew:
            r.ContractRenew && !r.ContractRenew.ContractRenewRequired
              ? { ContractRenewRequired: false, ContractRenewPeriodInMonths: null }
              : r.ContractRenew,
        })),
    ProvisioningActions: doc.ProvisioningActions.map((a) => ({
      ...a,
      ProvisioningHttp: a.Method === 'Http' ? a.ProvisioningHttp : null,
      ProvisioningEmail: a.Method === 'Email' ? a.ProvisioningEmail : null,
      CustomActionDetails: CUSTOM_ACTION_PATTERN.test(a.Action) ? a.CustomActionDetails : null,
    })),
    Descriptions: doc.Descriptions.map((d) => ({
      ...d,
      IsMajorChange: d.Type === 'TermsAndConditions' ? d.IsMajorChange : false,
    })),
  };
}

/** [S5.2] The import checks: duplicate field display names and reserved field names, with the spec's messages. */
export function validateImport(fields: readonly { DisplayName: string }[]): string[] {
  const messages: string[] = [];
  const names = fields.map((f) => f.DisplayName.trim().toLowerCase());
  if (new Set(names).size !== names.length) messages.push(SERVICE_MESSAGES.importDuplicateNames);
  if (fields.some((f) => isReservedFieldName(f.DisplayName))) messages.push(SERVICE_MESSAGES.importReservedNames);
  return messages;
}

/**
 * [S4.1] An imported service from another pod loses its instance-bound files: icon, screenshots and
 * downloads. Returns the cleaned document and whether it came from another instance.
 */
export function applyPodRule(doc: ServiceDocument, podId: string): { doc: ServiceDocument; isFromOtherInstance: boolean } {
  if (doc.pod_id === podId) return { doc, isFromOtherInstance: false };
  return { doc: { ...doc, Icon: null, Screenshots: [], Downloads: [], pod_id: podId }, isFromOtherInstance: true };
}

// ---------------------------------------------------------------------------------------------
// Generated field ids [S3.2]
// ---------------------------------------------------------------------------------------------

/** A permanent id from a display name: 'Number of users' -> 'NumberOfUsers'. */
export function fieldIdFromName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const id = words
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join('')
    .slice(0, 60);
  return /^[A-Za-z]/.test(id) ? id : `Field${id}`;
}

/**
 * [S3.2] Replaces the ids the form generated ('__gen__…') by permanent ones derived from the field's
 * name, unique (case-insensitively) among the service's ids and never a reserved name, and rewrites
 * every reference: layouts, fee conditions, quantities and links, the vendor reference field, custom
 * action fields and {{placeholders}} in provisioning templates.
 */
export function replaceGeneratedFieldIds(doc: ServiceDocument): ServiceDocument {
  const renames = new Map<string, string>();
  const taken = new Set(doc.Fields.filter((f) => !isGenerated(f.Id)).map((f) => f.Id.toLowerCase()));
  for (const f of doc.Fields) {
    if (!isGenerated(f.Id)) continue;
    const base = fieldIdFromName(f.DisplayName);
    let id = isReservedFieldName(base) ? `${base}Field` : base;
    for (let n = 2; taken.has(id.toLowerCase()); n++) id = `${base}${n}`;
    taken.add(id.toLowerCase());
    renames.set(f.Id, id);
  }
  if (renames.size === 0) return doc;
  const r = (id: string) => renames.get(id) ?? id;
  const rt = (text: string) =>
    text.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (whole, id: string) => (renames.has(id) ? `{{${r(id)}}}` : whole));
  return {
    ...doc,
    Fields: doc.Fields.map((f) => ({ ...f, Id: r(f.Id) })),
    Layouts: doc.Layouts.map((l) => ({
      ...l,
      Pages: l.Pages.map((p) => ({
        ...p,
        Blocks: p.Blocks.map((b) => ({ ...b, Fields: b.Fields.map((f) => ({ FieldId: r(f.FieldId) })) })),
      })),
    })),
    BillingRules: doc.BillingRules.map((rule) => ({
      ...rule,
      Condition: rule.Condition ? { ...rule.Condition, FieldId: r(rule.Condition.FieldId) } : null,
      UdrcField: rule.UdrcField === null ? null : r(rule.UdrcField),
      LinkedFields: rule.LinkedFields.map((l) => ({ ...l, FieldId: r(l.FieldId) })),
    })),
    VendorReferenceField: doc.VendorReferenceField === null ? null : r(doc.VendorReferenceField),
    ProvisioningActions: doc.ProvisioningActions.map((a) => ({
      ...a,
      ProvisioningHttp: a.ProvisioningHttp
        ? {
            ...a.ProvisioningHttp,
            RequestBodyTemplate: rt(a.ProvisioningHttp.RequestBodyTemplate),
            RequestUrlTemplate: rt(a.ProvisioningHttp.RequestUrlTemplate),
          }
        : null,
      ProvisioningEmail: a.ProvisioningEmail
        ? {
            ...a.ProvisioningEmail,
            BodyText: rt(a.ProvisioningEmail.BodyText),
            SubjectTemplate: rt(a.ProvisioningEmail.SubjectTemplate),
          }
        : null,
      CustomActionDetails: a.CustomActionDetails
        ? { ...a.CustomActionDetails, Fields: a.CustomActionDetails.Fields.map(r) }
        : null,
    })),
  };
}

/** A new, empty service document with the defaults of [S9.5] and the default layouts. */
export function blankServiceDocument(): ServiceDocument {
  return {
    ServiceName: '',
    DisplayName: '',
    ShortDescription: '',
    Category: null,
    Tags: [],
    Icon: null,
    Parents: [],
    Dependencies: [],
    CanHaveOnlyOneInstanceUnderParent: false,
    Fields: [],
    Layouts: defaultLayouts(),
    BillingRules: [],
    PriceProtectionLengthInDays: null,
    MinimumContractPeriodInDays: null,
    GracePeriodInHours: null,
    Descriptions: [],
    Screenshots: [],
    Downloads: [],
    ServiceVideos: [],
    Datacenter: null,
    DefaultLanguage: 'en',
    PostCreationMessage: [],
    ProvisioningActions: ['CREATE', 'MODIFY', 'DELETE'].map(newProvisioningAction),
    VendorReferenceField: null,
    ServiceStatus: null,
    IsComplexProduct: false,
    pod_id: null,
  };
}
