import type { Marketplace } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { VersionConflictAlert } from '../../../components/ui/version-conflict-alert';
import { versionConflictOf } from '../../../lib/version-conflict';
import { priceListKeys } from '../api/price-list-keys';
import { priceKeys } from '../api/prices/use-prices';

/** A price list edit as TanStack Query runs it: its input carries the list's `version`. */
export interface VersionedMutation<V extends { version: number | null }> {
  error: Error | null;
  variables: V | undefined;
  isPending: boolean;
  mutate: (variables: V) => void;
  reset: () => void;
}

/** Decision 0036: the price list as it is now, when this error is a stale edit's 409; null otherwise. */
export const priceListConflictOf = (error: unknown) => versionConflictOf<Marketplace>(error);

/**
 * Decision 0036: a price list edit refused because someone saved the list since it was read shows the shared
 * conflict alert (who, when). Reload puts the list as saved now on every price list screen and drops the user's
 * change; keep sends the same change again over the version the refusal named (`onKeep` when the screen has more to
 * do after the save, such as closing a window).
 */
export function PriceListConflictAlert<V extends { version: number | null }>(props: {
  mutation: VersionedMutation<V>;
  onReload?: () => void;
  onKeep?: (version: number) => void;
}) {
  const client = useQueryClient();
  const current = priceListConflictOf(props.mutation.error);
  if (!current) return null;
  const { mutation } = props;
  return (
    <VersionConflictAlert
      changedBy={current.UpdatedBy}
      changedAt={current.UpdatedAt}
      busy={mutation.isPending}
      onReload={() => {
        client.setQueryData(priceListKeys.detail(current.Id), current);
        void client.invalidateQueries({ queryKey: priceListKeys.all });
        void client.invalidateQueries({ queryKey: priceKeys.all });
        mutation.reset();
        props.onReload?.();
      }}
      onKeep={() => {
        if (props.onKeep) props.onKeep(current.Version);
        else if (mutation.variables) mutation.mutate({ ...mutation.variables, version: current.Version });
      }}
    />
  );
}
