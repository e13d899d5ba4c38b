import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmedTerms } from '../../features/auth';

/** [M7.19] The user's confirmed terms and privacy policy. */
export function ConfirmedTermsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {t('access.terms.pageTitle')}
      </Title>
      <ConfirmedTerms />
    </Stack>
  );
}
