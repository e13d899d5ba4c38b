import {
  cleanServiceForSend,
  descriptionGroupErrors,
  type FieldError,
  remoteDataSourceErrors,
  SERVICE_AREA_PROPERTIES,
  SERVICE_TOOL_TABS,
  type Service,
  type ServiceArea,
  type ServiceDocument,
  type ServiceToolTab,
  tabOfErrorPath,
  validateServiceDocument,
} from '@portal/contracts';

/** [S2.2] The capability area each tab edits. */
export const TAB_AREA: Record<ServiceToolTab, ServiceArea> = {
  Info: 'Info',
  Files: 'Files',
  Fields: 'Fields',
  Layout: 'Fields',
  Billing: 'Billing',
  Provisioning: 'Provisioning',
  Localization: 'Description',
};

/** [S2.2] The tabs shown: all in create mode, in edit mode those whose area the user may update. */
export function visibleTabs(editableAreas: readonly ServiceArea[] | null): ServiceToolTab[] {
  return SERVICE_TOOL_TABS.filter((tab) => editableAreas === null || editableAreas.includes(TAB_AREA[tab]));
}

/**
 * [S5.1] The messages of the tabs shown, from the shared rules plus those the server sent back, in tab
 * order. Tabs the user cannot edit are not checked: their areas are not sent [S6.2].
 */
export function formErrors(
  doc: ServiceDocument,
  p: {
    mode: 'create' | 'edit';
    tabs: readonly ServiceToolTab[];
    existingFieldIds?: readonly string[];
    serverErrors?: readonly FieldError[];
    gating?: Gating;
  },
): FieldError[] {
  const all = [
    ...validateServiceDocument(doc, { mode: p.mode, existingFieldIds: p.existingFieldIds }),
    ...(p.gating ? gatingErrors(doc, p.gating) : []),
    ...(p.serverErrors ?? []),
  ];
  const seen = new Set<string>();
  return all.filter((e) => {
    const tab = tabOfErrorPath(e.field);
    const key = `${e.field}\u0000${e.message}`;
    if (seen.has(key) || (tab !== null && !p.tabs.includes(tab))) return false;
    seen.add(key);
    return true;
  });
}

/** What the caller may change beyond the tabs: the rules the server applies too (contracts' service-gating). */
export interface Gating {
  /** The service as loaded; in create mode nothing is stored. */
  stored: Pick<ServiceDocument, 'Fields'> | null;
  canEditRemoteDataSource: boolean;
  descriptionGroups: Service['DescriptionGroups'];
}

/** [S6.4] Changed remote data sources without the right; [S4.8] a locked description group left. */
export function gatingErrors(doc: ServiceDocument, g: Gating): FieldError[] {
  const memberships = Object.fromEntries(g.descriptionGroups.map((m) => [m.Type, m]));
  return [
    ...remoteDataSourceErrors(g.stored ?? { Fields: [] }, doc, g.canEditRemoteDataSource),
    ...descriptionGroupErrors(doc.Descriptions, memberships),
  ];
}

/** The messages of one tab. */
export const errorsOfTab = (errors: readonly FieldError[], tab: ServiceToolTab) =>
  errors.filter((e) => tabOfErrorPath(e.field) === tab);

/**
 * [S6.2], [S7.3] What an edit sends: the service name and the properties of the areas the user may
 * update, cleaned [S5.15]; Parents never (the server drops it anyway), so other areas stay as they are.
 */
export function serviceUpdate(doc: ServiceDocument, editableAreas: readonly ServiceArea[]): Record<string, unknown> {
  const cleaned = cleanServiceForSend(doc) as Record<string, unknown>;
  const out: Record<string, unknown> = { ServiceName: doc.ServiceName };
  for (const area of editableAreas) {
    for (const property of SERVICE_AREA_PROPERTIES[area]) {
      if (property !== 'Parents' && property in cleaned) out[property] = cleaned[property];
    }
  }
  return out;
}
