import { Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { MARKETPLACE_PRIORITY_MAX, MARKETPLACE_PRIORITY_MIN, type Marketplace } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useUpdatePriceListProperties } from '../api/use-price-list-mutations';
import type { marketplaceControls } from '../utils/permissions';
import { PriceListConflictAlert, priceListConflictOf } from './price-list-conflict';

type Controls = ReturnType<typeof marketplaceControls>;

const messageOf = (error: Error) =>
  error instanceof ApiError ? (error.fieldErrors[0]?.message ?? error.message) : error.message;

/** [M4.15] [M6.7] The auto SRP sync switch: read shows it, update enables it; it reverts when the update fails. */
export function SrpSyncSwitch(props: { list: Marketplace; canToggle: boolean }) {
  const { t } = useTranslation();
  const update = useUpdatePriceListProperties(props.list.Id);
  // The switch moves at once; while saving it shows the wanted value, and on failure it falls back to the list's.
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? props.list.IsAutoSrpSyncEnabled;
  return (
    <Stack gap={4}>
      <Switch
        label={t('priceLists.srpSync')}
        description={t('priceLists.srpSyncHint')}
        checked={checked}
        disabled={!props.canToggle || update.isPending}
        onChange={(e) => {
          const next = e.currentTarget.checked;
          setPending(next);
          update.mutate(
            { version: props.list.Version, IsAutoSrpSyncEnabled: next },
            {
              onSettled: () => setPending(null),
              onError: (error) => {
                if (!priceListConflictOf(error))
                  notify({ color: 'red', message: t('priceLists.srpSyncFailed', { message: messageOf(error) }) });
              },
            },
          );
        }}
      />
      <PriceListConflictAlert mutation={update} />
    </Stack>
  );
}

/** [M2.27] [M6.8] Pricelist configuration: propagation, auto-add and priority. */
export function PriceListConfiguration(props: {
  list: Marketplace;
  controls: Controls;
  canReadPropagation: boolean;
  canReadAutoAdd: boolean;
}) {
  const { t } = useTranslation();
  const { list, controls } = props;
  const update = useUpdatePriceListProperties(list.Id);
  const [priority, setPriority] = useState<number | string>(list.Priority);
  const priorityChanged = Number(priority) !== list.Priority;
  const priorityError =
    update.error instanceof ApiError ? update.error.fieldErrors.find((e) => e.field === 'Priority')?.message : undefined;
  const toggle = (flag: 'IsPropagationEnabled' | 'IsAutoAddEnabled', value: boolean) =>
    update.mutate(
      { version: list.Version, [flag]: value },
      { onSuccess: () => notify({ color: 'green', message: t('priceLists.configurationSaved') }) },
    );
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="price-list-configuration">
      <Stack gap="sm">
        <Title order={2} size="h4" id="price-list-configuration">
          {t('priceLists.configuration')}
        </Title>
        {props.canReadPropagation && (
          <Switch
            label={t('priceLists.propagation')}
            description={t('priceLists.propagationHint')}
            checked={list.IsPropagationEnabled}
            disabled={!controls.canEditPropagation || update.isPending}
            onChange={(e) => toggle('IsPropagationEnabled', e.currentTarget.checked)}
          />
        )}
        {props.canReadAutoAdd && (
          <Switch
            label={t('priceLists.autoAdd')}
            description={t('priceLists.autoAddHint')}
            checked={list.IsAutoAddEnabled}
            disabled={!controls.canEditAutoAdd || update.isPending}
            onChange={(e) => toggle('IsAutoAddEnabled', e.currentTarget.checked)}
          />
        )}
        {controls.canEditPriority ? (
          <Group align="flex-end" gap="sm">
            <NumberInput
              label={t('priceLists.priority')}
              description={t('priceLists.priorityHint')}
              value={priority}
              onChange={setPriority}
              min={MARKETPLACE_PRIORITY_MIN}
              max={MARKETPLACE_PRIORITY_MAX}
              allowDecimal={false}
              error={priorityError}
              w={260}
            />
            <Button
              variant="default"
              disabled={!priorityChanged || priority === ''}
              loading={update.isPending}
              onClick={() =>
                update.mutate(
                  { version: list.Version, Priority: Number(priority) },
                  { onSuccess: () => notify({ color: 'green', message: t('priceLists.configurationSaved') }) },
                )
              }
            >
              {t('priceLists.savePriority')}
            </Button>
          </Group>
        ) : (
          <Text size="sm">{t('priceLists.priorityIs', { priority: list.Priority })}</Text>
        )}
        <PriceListConflictAlert mutation={update} />
        {update.error && !priorityError && !priceListConflictOf(update.error) && (
          <ReadableAlert color="red" role="alert">
            {messageOf(update.error)}
          </ReadableAlert>
        )}
      </Stack>
    </Card>
  );
}
