import {
  type FieldError,
  PARENT_ACCOUNT_TYPES,
  type ParentAccountType,
  SERVICE_LIMITS,
  type ServiceDocument,
  type ServiceParent,
  tabOfErrorPath,
  validateServiceDocument,
} from '@portal/contracts';

/** The Info tab's values as the form edits them [S2.5]. */
export interface InfoValues {
  ServiceName: string;
  DisplayName: string;
  ShortDescription: string;
  Category: string | null;
  Tags: string[];
  Icon: string;
  ParentAccountTypes: ParentAccountType[];
  ParentServices: string[];
  Dependencies: string[];
  CanHaveOnlyOneInstanceUnderParent: boolean;
}

/** The built-in service icons served with the web app. */
export const BUILT_IN_ICONS = [
  'office',
  'mail',
  'backup',
  'security',
  'endpoint',
  'firewall',
  'hosting',
  'storage',
  'network',
  'support',
  'training',
] as const;
export const builtInIconUrl = (name: string) => `/service-icons/${name}.png`;

/** A service name (the unique key) from the display name: what is allowed kept, the rest dropped. */
export function serviceNameFrom(displayName: string): string {
  return displayName
    .replace(/[^\p{L}\p{N} ._()&+-]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .slice(0, SERVICE_LIMITS.serviceName);
}

export function infoValuesOf(doc: ServiceDocument): InfoValues {
  return {
    ServiceName: doc.ServiceName,
    DisplayName: doc.DisplayName,
    ShortDescription: doc.ShortDescription,
    Category: doc.Category,
    Tags: doc.Tags,
    Icon: doc.Icon ?? '',
    ParentAccountTypes: PARENT_ACCOUNT_TYPES.filter((t) => doc.Parents.some((p) => p.ParentAccountType === t)),
    ParentServices: doc.Parents.flatMap((p) =>
      p.ParentAccountType === 'Product' && p.ParentProductName ? [p.ParentProductName] : [],
    ),
    Dependencies: doc.Dependencies,
    CanHaveOnlyOneInstanceUnderParent: doc.CanHaveOnlyOneInstanceUnderParent,
  };
}

/**
 * [S3.1] The working values (Tmp.ParentAccountTypes, Tmp.ParentServices) back into Parents: one entry
 * per type, and one Product entry per parent service.
 */
export function applyInfoValues(doc: ServiceDocument, v: InfoValues): ServiceDocument {
  const parents = v.ParentAccountTypes.flatMap((type): ServiceParent[] =>
    type === 'Product'
      ? v.ParentServices.length > 0
        ? v.ParentServices.map((name) => ({ ParentAccountType: type, ParentProductName: name }))
        : [{ ParentAccountType: type, ParentProductName: null }]
      : [{ ParentAccountType: type, ParentProductName: null }],
  );
  return {
    ...doc,
    ServiceName: v.ServiceName,
    DisplayName: v.DisplayName,
    ShortDescription: v.ShortDescription,
    Category: v.Category,
    Tags: v.Tags,
    Icon: v.Icon.trim() === '' ? null : v.Icon.trim(),
    Parents: parents,
    Dependencies: v.Dependencies,
    CanHaveOnlyOneInstanceUnderParent: v.CanHaveOnlyOneInstanceUnderParent,
  };
}

/** Where an Info error shows: the parent product names show on the parent services input. */
export function infoInputOf(path: string): keyof InfoValues | null {
  const [head, , property] = path.split('.');
  if (head === 'Parents') return property === 'ParentProductName' ? 'ParentServices' : 'ParentAccountTypes';
  if (head === 'Dependencies') return 'Dependencies';
  if (head === 'Tags') return 'Tags';
  const direct: readonly string[] = ['ServiceName', 'DisplayName', 'ShortDescription', 'Category', 'Icon'];
  return direct.includes(head ?? '') ? (head as keyof InfoValues) : null;
}

/** [S5.1], [S5.5], [S2.5] The Info tab's messages by input (the first per input), from the shared rules. */
export function infoErrors(doc: ServiceDocument, mode: 'create' | 'edit', serverErrors: readonly FieldError[] = []) {
  return infoErrorsByInput([...validateServiceDocument(doc, { mode }), ...serverErrors]);
}

/** The Info messages among `errors`, by input (the first per input). */
export function infoErrorsByInput(all: readonly FieldError[]) {
  const errors = all.filter((e) => tabOfErrorPath(e.field) === 'Info');
  const byInput: Partial<Record<keyof InfoValues, string>> = {};
  for (const e of errors) {
    const input = infoInputOf(e.field);
    if (input && !byInput[input]) byInput[input] = e.message;
  }
  return byInput;
}

/** [S5.5] Characters left of the intro text. */
export const introRemaining = (text: string) => SERVICE_LIMITS.shortDescription - text.length;

/**
 * [S6.2], [S7.3] What an edit sends from the Info tab: its properties only (Parents never; the server
 * drops it anyway), so areas the window does not show stay as they are.
 */
export function infoUpdate(doc: ServiceDocument) {
  return {
    ServiceName: doc.ServiceName,
    DisplayName: doc.DisplayName,
    ShortDescription: doc.ShortDescription,
    Category: doc.Category,
    Tags: doc.Tags,
    Icon: doc.Icon,
    CanHaveOnlyOneInstanceUnderParent: doc.CanHaveOnlyOneInstanceUnderParent,
  };
}

/**
 * [S2.5] Applies an Info edit to the document. In create mode the unique name follows the display
 * name while the user has not changed it (it still equals the name derived from the display name).
 */
export function applyInfoPatch(doc: ServiceDocument, mode: 'create' | 'edit', patch: Partial<InfoValues>): ServiceDocument {
  const values = { ...infoValuesOf(doc), ...patch };
  const following = mode === 'create' && doc.ServiceName === serviceNameFrom(doc.DisplayName);
  if (patch.DisplayName !== undefined && patch.ServiceName === undefined && following) {
    values.ServiceName = serviceNameFrom(patch.DisplayName);
  }
  return applyInfoValues(doc, values);
}
