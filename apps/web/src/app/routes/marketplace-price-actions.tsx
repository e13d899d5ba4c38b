import { Button } from '@mantine/core';
import type { Marketplace, MarketplaceServiceTile } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceListPermissions } from '../../features/price-lists';
import {
  EditAllPricesByExcelWindow,
  EditServicePricesWindow,
  ExportPricesWindow,
  MarkupSwitch,
  PricingRulesWindow,
  TermsReviewWindow,
} from '../../features/price-lists/prices';

type Window = 'excel' | 'export' | 'rules' | 'terms' | null;

interface Context {
  list: Marketplace;
  isEditMode: boolean;
  permissions: PriceListPermissions;
  canManagePricingRules: boolean;
}

/**
 * The price tools of a price list's toolbar (decision 0033): export prices and review terms for anyone who reads
 * the list; in edit mode, for a list the caller's organisation owns, the markup switch and "Edit all prices"
 * (legacy lists without auto SRP sync [M4.15] [M4.16]) and "Manage pricing rules" (DYNAMIC_PRICING_MANAGEMENT
 * execute [M6.6]: its rules window also switches the list between legacy and dynamic pricing).
 */
export function MarketplacePriceToolbar({ list, isEditMode, permissions, canManagePricingRules }: Context) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Window>(null);
  const target = { kind: 'marketplace' as const, marketplaceId: list.Id };
  const editing = isEditMode && list.IsOwn && permissions.canUpdate;
  const isLegacy = list.PricingMode === 'legacy';
  return (
    <>
      <Button variant="default" onClick={() => setOpen('export')}>
        {t('priceLists.tools.exportPrices')}
      </Button>
      <Button variant="default" onClick={() => setOpen('terms')}>
        {t('priceLists.tools.reviewTerms')}
      </Button>
      {editing && isLegacy && !list.IsAutoSrpSyncEnabled && (
        <Button variant="default" onClick={() => setOpen('excel')}>
          {t('priceLists.tools.editAllPrices')}
        </Button>
      )}
      {editing && canManagePricingRules && (
        <Button variant="default" onClick={() => setOpen('rules')}>
          {t('priceLists.tools.managePricingRules')}
        </Button>
      )}
      {editing && isLegacy && (
        <MarkupSwitch
          marketplaceId={list.Id}
          version={list.Version}
          markupPercent={list.MarkupPercent}
          disabled={list.IsAutoSrpSyncEnabled}
        />
      )}
      <ExportPricesWindow target={target} opened={open === 'export'} onClose={() => setOpen(null)} />
      <TermsReviewWindow marketplaceId={list.Id} opened={open === 'terms'} onClose={() => setOpen(null)} />
      {editing && (
        <>
          <EditAllPricesByExcelWindow
            target={target}
            opened={open === 'excel'}
            onClose={() => setOpen(null)}
            onExport={() => setOpen('export')}
          />
          <PricingRulesWindow marketplaceId={list.Id} opened={open === 'rules'} onClose={() => setOpen(null)} />
        </>
      )}
    </>
  );
}

/** [M3.18] A service tile's "Edit prices" in edit mode, for a legacy list the caller's organisation owns. */
export function MarketplaceServicePriceAction({
  list,
  isEditMode,
  permissions,
  service,
}: Omit<Context, 'canManagePricingRules'> & { service: MarketplaceServiceTile }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  if (!(isEditMode && list.IsOwn && permissions.canUpdate) || list.PricingMode !== 'legacy' || list.IsAutoSrpSyncEnabled)
    return null;
  return (
    <>
      <Button
        size="xs"
        variant="default"
        aria-label={t('priceLists.tools.editServicePrices', { name: service.DisplayName })}
        onClick={() => setOpened(true)}
      >
        {t('priceLists.tools.editPrices')}
      </Button>
      <EditServicePricesWindow
        marketplaceId={list.Id}
        serviceId={service.ServiceId}
        displayName={service.DisplayName}
        opened={opened}
        onClose={() => setOpened(false)}
      />
    </>
  );
}
