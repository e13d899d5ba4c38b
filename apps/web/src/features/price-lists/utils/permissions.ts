import type { Marketplace, MarketplaceServiceStatus } from '@portal/contracts';

/** What the caller may do with price lists, from its capability keys [M6.5] [M6.7] [M6.8]. */
export interface PriceListPermissions {
  canRead: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  canReadSrpSync: boolean;
  canUpdateSrpSync: boolean;
  canReadPropagation: boolean;
  canUpdatePropagation: boolean;
  canReadAutoAdd: boolean;
  canUpdateAutoAdd: boolean;
}

export function permissionsFrom(capabilities: readonly string[]): PriceListPermissions {
  const has = (key: string) => capabilities.includes(key);
  return {
    canRead: has('MARKETPLACE_READ'),
    canCreate: has('MARKETPLACE_CREATE'),
    canUpdate: has('MARKETPLACE_UPDATE'),
    canDelete: has('MARKETPLACE_DELETE'),
    canReadSrpSync: has('MARKETPLACE_AUTO_SRP_SYNC_FLAG_READ'),
    canUpdateSrpSync: has('MARKETPLACE_AUTO_SRP_SYNC_FLAG_UPDATE'),
    canReadPropagation: has('MARKETPLACE_PROPAGATION_ENABLEMENT_FLAG_READ'),
    canUpdatePropagation: has('MARKETPLACE_PROPAGATION_ENABLEMENT_FLAG_UPDATE'),
    canReadAutoAdd: has('MARKETPLACE_AUTO_ADD_SERVICES_FLAG_READ'),
    canUpdateAutoAdd: has('MARKETPLACE_AUTO_ADD_SERVICES_FLAG_UPDATE'),
  };
}

/**
 * [M6.19] Edit controls show only in edit mode, for a list the caller's organisation owns, with the capability.
 * [M6.8] The configuration panel shows with either flag's read capability.
 */
export function marketplaceControls(p: { permissions: PriceListPermissions; list: Marketplace; isEditMode: boolean }) {
  const { permissions: can, list, isEditMode } = p;
  const editing = isEditMode && list.IsOwn;
  return {
    canOpenEditMode: !isEditMode && list.IsOwn && can.canUpdate,
    canRename: editing && can.canUpdate,
    canAddServices: editing && can.canUpdate,
    canRemoveServices: editing && can.canUpdate,
    canAssign: editing && can.canUpdate,
    canDelete: editing && can.canDelete,
    canCopy: list.IsOwn && can.canCreate,
    showSrpSync: can.canReadSrpSync,
    canToggleSrpSync: editing && can.canUpdate && can.canUpdateSrpSync,
    showConfiguration: can.canReadPropagation || can.canReadAutoAdd,
    canEditPropagation: editing && can.canUpdate && can.canUpdatePropagation,
    canEditAutoAdd: editing && can.canUpdate && can.canUpdateAutoAdd,
    canEditPriority: editing && can.canUpdate,
  };
}

/** [M4.13] In the add-services window a removed service (Hidden or gone) can be added again: it shows as Active. */
export function addViewStatus(status: MarketplaceServiceStatus): MarketplaceServiceStatus {
  return status === 'Added' ? 'Added' : 'Active';
}

/** [M5.4] A rename may be saved when the trimmed name is not empty and differs from the current one. */
export function canSaveName(current: string, next: string): boolean {
  const trimmed = next.trim();
  return trimmed.length > 0 && trimmed.toLowerCase() !== current.trim().toLowerCase();
}

/** [M5.3] A copy may be submitted when the trimmed new name is longer than 2 characters. */
export function canSubmitCopy(newName: string): boolean {
  return newName.trim().length > 2;
}
