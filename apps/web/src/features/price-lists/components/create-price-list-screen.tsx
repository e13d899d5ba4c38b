import { Anchor, Button, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  MARKETPLACE_DEFAULT_PRIORITY,
  MARKETPLACE_PRIORITY_MAX,
  MARKETPLACE_PRIORITY_MIN,
  PRICING_MODES,
  type PricingMode,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useCreatePriceList } from '../api/use-price-list-mutations';
import type { PriceListPermissions } from '../utils/permissions';

export interface CreatePriceListScreenProps {
  permissions: PriceListPermissions;
  hrefForList: string;
  onCreated: (id: number) => void;
}

/** [M2.20] #/MyMarketplaces/v2/Create/New: a new, empty price list of the caller's organisation [M6.5]. */
export function CreatePriceListScreen({ permissions, hrefForList, onCreated }: CreatePriceListScreenProps) {
  const { t } = useTranslation();
  const create = useCreatePriceList();
  const [name, setName] = useState('');
  const [priority, setPriority] = useState<number | string>(MARKETPLACE_DEFAULT_PRIORITY);
  const [mode, setMode] = useState<PricingMode>('legacy');
  const fieldError = (field: string) =>
    create.error instanceof ApiError ? create.error.fieldErrors.find((e) => e.field === field)?.message : undefined;
  const otherError =
    create.error && !fieldError('Name') && !fieldError('Priority') && !fieldError('PricingMode') ? create.error.message : null;

  if (!permissions.canCreate) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('priceLists.createTitle')}
        </Title>
        <ReadableAlert color="yellow" role="alert">
          {t('priceLists.createDenied')}
        </ReadableAlert>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={520}>
      <Anchor href={hrefForList} size="sm">
        {t('priceLists.backToList')}
      </Anchor>
      <Title order={1} size="h2">
        {t('priceLists.createTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('priceLists.createIntro')}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { Name: name.trim(), Priority: typeof priority === 'number' ? priority : Number(priority), PricingMode: mode },
            { onSuccess: (list) => onCreated(list.Id) },
          );
        }}
      >
        <Stack>
          <TextInput
            label={t('priceLists.name')}
            description={t('priceLists.copyDialog.newNameHint')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError('Name')}
            required
          />
          <NumberInput
            label={t('priceLists.priority')}
            description={t('priceLists.priorityHint')}
            value={priority}
            onChange={setPriority}
            min={MARKETPLACE_PRIORITY_MIN}
            max={MARKETPLACE_PRIORITY_MAX}
            allowDecimal={false}
            error={fieldError('Priority')}
          />
          <Select
            label={t('priceLists.mode')}
            value={mode}
            onChange={(v) => v && setMode(v as PricingMode)}
            data={PRICING_MODES.map((m) => ({ value: m, label: t(`priceLists.pricingMode.${m}`) }))}
            allowDeselect={false}
            error={fieldError('PricingMode')}
          />
          {otherError && (
            <ReadableAlert color="red" role="alert">
              {otherError}
            </ReadableAlert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending} disabled={name.trim().length < 3}>
              {t('priceLists.createSubmit')}
            </Button>
            <Button component="a" href={hrefForList} variant="default">
              {t('priceLists.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
