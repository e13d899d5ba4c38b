import { Box, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { useMigrationServices } from '../api/use-account-import';

/** [A2.46] Select service (services only): GetAvailableMigrationServicesForCompany for the chosen parent. */
export function StepService(props: { parentId: number; value: string | null; onChange: (productName: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const services = useMigrationServices(props.parentId, debounced);
  const items = services.data?.Items ?? [];
  return (
    <Stack>
      <Text size="sm">{t('accountImport.service.intro')}</Text>
      <TextInput
        label={t('accountImport.service.search')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        rightSection={services.isFetching ? <Loader size="xs" /> : null}
        data-autofocus
      />
      {services.error && (
        <ReadableAlert color="red" role="alert">
          {services.error.message}
        </ReadableAlert>
      )}
      {services.isSuccess && items.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('accountImport.service.none')}
        </Text>
      )}
      {items.length > 0 && (
        <Radio.Group label={t('accountImport.service.label')} value={props.value} onChange={props.onChange}>
          {/* A long list scrolls inside the 960 x 570 window; its radios keep it reachable by keyboard. */}
          <Box mah={280} style={{ overflowY: 'auto' }} mt="xs">
            <Stack gap="xs">
              {items.map((item) => (
                <Radio
                  key={item.ServiceName}
                  value={item.ServiceName}
                  label={item.DisplayName}
                  description={
                    item.HasTerms ? t('accountImport.service.hasTerms', { text: item.ShortDescription }) : item.ShortDescription
                  }
                />
              ))}
            </Stack>
          </Box>
        </Radio.Group>
      )}
    </Stack>
  );
}
