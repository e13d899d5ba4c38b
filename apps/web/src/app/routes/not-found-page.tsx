import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { href, paths } from '../paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h2">
        404
      </Title>
      <Text>{t('app.notFound')}</Text>
      <Anchor href={href(paths.home())}>{t('app.goHome')}</Anchor>
    </Stack>
  );
}
