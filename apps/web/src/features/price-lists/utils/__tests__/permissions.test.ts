import type { Marketplace } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { addViewStatus, canSaveName, canSubmitCopy, marketplaceControls, permissionsFrom } from '../permissions';

const list = (over: Partial<Marketplace> = {}): Marketplace => ({
  Id: 1,
  Name: 'Gold',
  AssigneeCount: 0,
  ServiceCount: 0,
  Priority: 100,
  PricingMode: 'legacy',
  IsAutoSrpSyncEnabled: false,
  IsAutoAddEnabled: false,
  IsPropagationEnabled: false,
  MarkupPercent: null,
  OwnerAccountId: 2,
  OwnerName: 'Owner',
  IsOwn: true,
  Version: 1,
  UpdatedBy: null,
  UpdatedAt: '2026-11-25T00:00:00Z',
  ...over,
});
const EDITOR = ['MARKETPLACE_READ', 'MARKETPLACE_CREATE', 'MARKETPLACE_UPDATE', 'MARKETPLACE_DELETE'];

describe('price list controls', () => {
  it('[M6.19] edit controls appear only in edit mode', () => {
    const view = marketplaceControls({ permissions: permissionsFrom(EDITOR), list: list(), isEditMode: false });
    const edit = marketplaceControls({ permissions: permissionsFrom(EDITOR), list: list(), isEditMode: true });

    expect([view.canRename, view.canAddServices, view.canRemoveServices, view.canAssign, view.canDelete]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(view.canOpenEditMode).toBe(true);
    expect([edit.canRename, edit.canAddServices, edit.canRemoveServices, edit.canAssign, edit.canDelete]).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('a list assigned to the caller, not owned, has no edit controls even in edit mode', () => {
    const c = marketplaceControls({ permissions: permissionsFrom(EDITOR), list: list({ IsOwn: false }), isEditMode: true });

    expect([c.canRename, c.canAddServices, c.canDelete, c.canCopy, c.canOpenEditMode]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it.each([
    { caps: [], show: false, toggle: false },
    { caps: ['MARKETPLACE_AUTO_SRP_SYNC_FLAG_READ'], show: true, toggle: false },
    { caps: ['MARKETPLACE_AUTO_SRP_SYNC_FLAG_READ', 'MARKETPLACE_AUTO_SRP_SYNC_FLAG_UPDATE'], show: true, toggle: true },
  ])('[M6.7] the auto SRP sync switch with $caps: shown $show, toggles $toggle', ({ caps, show, toggle }) => {
    const c = marketplaceControls({ permissions: permissionsFrom([...EDITOR, ...caps]), list: list(), isEditMode: true });

    expect(c.showSrpSync).toBe(show);
    expect(c.canToggleSrpSync).toBe(toggle);
  });

  it.each([
    { caps: [], show: false },
    { caps: ['MARKETPLACE_PROPAGATION_ENABLEMENT_FLAG_READ'], show: true },
    { caps: ['MARKETPLACE_AUTO_ADD_SERVICES_FLAG_READ'], show: true },
  ])('[M6.8] the pricelist configuration with $caps is shown: $show', ({ caps, show }) => {
    expect(marketplaceControls({ permissions: permissionsFrom(caps), list: list(), isEditMode: false }).showConfiguration).toBe(
      show,
    );
  });

  it('[M6.5] copy needs MARKETPLACE create', () => {
    expect(
      marketplaceControls({ permissions: permissionsFrom(['MARKETPLACE_READ']), list: list(), isEditMode: false }).canCopy,
    ).toBe(false);
  });

  it.each([
    { status: 'Added', shown: 'Added' },
    { status: 'Hidden', shown: 'Active' },
    { status: 'Active', shown: 'Active' },
    { status: 'Deleted', shown: 'Active' },
  ] as const)('[M4.13] the add-services window shows $status as $shown', ({ status, shown }) => {
    expect(addViewStatus(status)).toBe(shown);
  });

  it.each([
    { next: 'Silver', ok: true },
    { next: '', ok: false },
    { next: '   ', ok: false },
    { next: 'gold', ok: false },
    { next: ' Gold ', ok: false },
  ])('[M5.4] renaming Gold to "$next" may be saved: $ok', ({ next, ok }) => {
    expect(canSaveName('Gold', next)).toBe(ok);
  });

  it.each([
    { name: 'ab', ok: false },
    { name: '  abc  ', ok: true },
    { name: ' ab ', ok: false },
  ])('[M5.3] a copy named "$name" may be submitted: $ok', ({ name, ok }) => {
    expect(canSubmitCopy(name)).toBe(ok);
  });
});
