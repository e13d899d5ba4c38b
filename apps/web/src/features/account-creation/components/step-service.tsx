import { Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useServicesForCreate } from '../api/use-create-account';

/** [A2.41] Select service: the catalogue services a subscription can be created of under the chosen user. */
export function StepService(props: {
  parentId: number | null;
  productName: string | null;
  onChange: (productName: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const services = useServicesForCreate(props.parentId, debounced);
  const items = services.data?.Items ?? [];
  const loadError =
    services.error instanceof ApiError
      ? (services.error.fieldErrors[0]?.message ?? services.error.message)
      : (services.error?.message ?? null);
  return (
    <Stack>
      <TextInput
        label={t('accountCreate.service.search')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        rightSection={services.isFetching ? <Loader size="xs" /> : null}
        data-autofocus
      />
      {services.isSuccess && items.length === 0 && <Text c="dimmed">{t('accountCreate.service.none')}</Text>}
      {items.length > 0 && (
        <Radio.Group label={t('accountCreate.service.label')} value={props.productName} onChange={props.onChange}>
          <Stack gap="sm" mt="xs">
            {items.map((s) => (
              <Radio
                key={s.ServiceName}
                value={s.ServiceName}
                label={`${s.DisplayName} (${s.OwnerName})`}
                description={s.ShortDescription || undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {(loadError ?? props.error) && (
        <ReadableAlert color="red" role="alert">
          {loadError ?? props.error}
        </ReadableAlert>
      )}
    </Stack>
  );
}
