import {
  type ExportFilter,
  ExportMarketplacePricesToExcel,
  ExportMyServicesToExcel,
  GetJob,
  GetMarketplaceServicePrices,
  GetMarketplaceTermsReview,
  GetPriceExportFilterOptions,
  GetUpdatedMarketplacePricesFromExcel,
  GetUpdatedMyPricesFromExcel,
  isJobPending,
  ListMarketplacePricingRules,
  PreviewMarketplacePricingRules,
  type PricingMode,
  type PricingRule,
  SaveMarketplacePricingRules,
  SetMarketplaceMarkup,
  UpdateMarketplaceServiceCharges,
  UpdateMarketplaceServicePrices,
  UpdateMyServicesSRPFromExcel,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callOperation, newIdempotencyKey } from '../../../../lib/api-client';

/** Whose prices: a price list's, or the suggested retail prices of the caller's own services. */
export type PriceTarget = { kind: 'marketplace'; marketplaceId: number } | { kind: 'myServices' };

export const priceKeys = {
  all: ['price-list-prices'] as const,
  service: (marketplaceId: number, serviceId: number) => ['price-list-prices', 'service', marketplaceId, serviceId] as const,
  filterOptions: (marketplaceId: number | null) => ['price-list-prices', 'filter-options', marketplaceId] as const,
  rules: (marketplaceId: number) => ['price-list-prices', 'rules', marketplaceId] as const,
  terms: (marketplaceId: number) => ['price-list-prices', 'terms', marketplaceId] as const,
  job: (id: string) => ['price-list-prices', 'job', id] as const,
};

/** Price lists' own queries (their detail, tiles) read prices and versions again after a change. */
function useInvalidateLists() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: priceKeys.all });
    void client.invalidateQueries({ queryKey: ['price-lists'] });
  };
}

/** [M3.18] One service's fees and prices in a price list. */
export function useServicePrices(marketplaceId: number, serviceId: number, enabled = true) {
  return useQuery({
    queryKey: priceKeys.service(marketplaceId, serviceId),
    queryFn: ({ signal }) => callOperation(GetMarketplaceServicePrices, { marketplaceId, serviceId }, { signal }),
    enabled,
    retry: false,
  });
}

export function useUpdateServicePrices() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (input: z.input<typeof UpdateMarketplaceServicePrices.input>) =>
      callOperation(UpdateMarketplaceServicePrices, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: invalidate,
  });
}

/** [M3.14] The export filter's choices. */
export function useExportFilterOptions(target: PriceTarget, enabled = true) {
  const marketplaceId = target.kind === 'marketplace' ? target.marketplaceId : null;
  return useQuery({
    queryKey: priceKeys.filterOptions(marketplaceId),
    queryFn: ({ signal }) => callOperation(GetPriceExportFilterOptions, { marketplaceId }, { signal }),
    enabled,
    retry: false,
  });
}

/** Starts an export job. */
export function useStartPriceExport(target: PriceTarget) {
  return useMutation({
    mutationFn: (filter: ExportFilter) =>
      target.kind === 'marketplace'
        ? callOperation(
            ExportMarketplacePricesToExcel,
            { marketplaceId: target.marketplaceId, filter },
            { idempotencyKey: newIdempotencyKey() },
          )
        : callOperation(ExportMyServicesToExcel, { filter }, { idempotencyKey: newIdempotencyKey() }),
  });
}

/** A job's status and progress, polled every second while it runs. */
export function usePriceJob(id: string | null) {
  return useQuery({
    queryKey: priceKeys.job(id ?? ''),
    queryFn: ({ signal }) => callOperation(GetJob, { id: id as string }, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && !isJobPending(query.state.data) ? false : 1000),
    retry: 3,
  });
}

/** A changed price of an upload, the same for both kinds. */
export interface PreviewRow {
  ServiceId: number;
  ServiceName: string;
  Currency: string;
  PriceableItem: string;
  Price: string | null;
  PreviousPrice: string | null;
  PercentChange: string | null;
}

export interface UploadPreview {
  version: number | null;
  rows: PreviewRow[];
}

/** [M7.12] Reads an uploaded workbook into its changed rows. */
export function usePreviewUpload(target: PriceTarget) {
  return useMutation({
    mutationFn: async (fileUrl: string): Promise<UploadPreview> => {
      if (target.kind === 'marketplace') {
        const res = await callOperation(GetUpdatedMarketplacePricesFromExcel, { fileUrl, marketplaceId: target.marketplaceId });
        return {
          version: res.Version,
          rows: res.Changes.map((c) => ({ ...c, Price: c.CustomPrice, PreviousPrice: c.PreviousCustomPrice })),
        };
      }
      const res = await callOperation(GetUpdatedMyPricesFromExcel, { fileUrl });
      return { version: null, rows: res.Changes.map((c) => ({ ...c, Price: c.Charge, PreviousPrice: c.PreviousCharge })) };
    },
  });
}

/** [M7.13] Saves the previewed prices, all or nothing. */
export function useSavePreview(target: PriceTarget) {
  const invalidate = useInvalidateLists();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (preview: UploadPreview) => {
      const key = { idempotencyKey: newIdempotencyKey() };
      if (target.kind === 'marketplace') {
        return callOperation(
          UpdateMarketplaceServiceCharges,
          {
            marketplaceId: target.marketplaceId,
            version: preview.version ?? 0,
            chargeItems: preview.rows.map((r) => ({
              ServiceId: r.ServiceId,
              PriceableItem: r.PriceableItem,
              Currency: r.Currency,
              CustomPrice: r.Price,
            })),
          },
          key,
        );
      }
      return callOperation(
        UpdateMyServicesSRPFromExcel,
        {
          chargeItems: preview.rows.map((r) => ({
            ServiceId: r.ServiceId,
            PriceableItem: r.PriceableItem,
            Currency: r.Currency,
            Charge: r.Price ?? '0',
            PreviousCharge: r.PreviousPrice,
          })),
        },
        key,
      );
    },
    onSuccess: () => {
      invalidate();
      void client.invalidateQueries({ queryKey: ['services'] });
    },
  });
}

/** [M4.16] The list's pricing mode and rules. */
export function usePricingRules(marketplaceId: number, enabled = true) {
  return useQuery({
    queryKey: priceKeys.rules(marketplaceId),
    queryFn: ({ signal }) => callOperation(ListMarketplacePricingRules, { marketplaceId }, { signal }),
    enabled,
    retry: false,
  });
}

export function usePreviewPricingRules(marketplaceId: number) {
  return useMutation({
    mutationFn: (rules: PricingRule[]) => callOperation(PreviewMarketplacePricingRules, { marketplaceId, Rules: rules }),
  });
}

export function useSavePricingRules(marketplaceId: number) {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (input: { version: number; PricingMode: PricingMode; Rules: PricingRule[] }) =>
      callOperation(SaveMarketplacePricingRules, { marketplaceId, ...input }, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: invalidate,
  });
}

/** [M4.26] Switches markup on or off. */
export function useSetMarkup(marketplaceId: number) {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (input: { version: number; Enabled: boolean; MarkupPercent: string | null }) =>
      callOperation(SetMarketplaceMarkup, { marketplaceId, ...input }, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: invalidate,
  });
}

/** [M2.25] The list's services with their terms. */
export function useTermsReview(marketplaceId: number, enabled = true) {
  return useQuery({
    queryKey: priceKeys.terms(marketplaceId),
    queryFn: ({ signal }) => callOperation(GetMarketplaceTermsReview, { marketplaceId }, { signal }),
    enabled,
    retry: false,
  });
}
