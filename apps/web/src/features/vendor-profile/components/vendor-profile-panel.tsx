import { Anchor, Button, CloseButton, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useVendorProfile } from '../api/use-vendor-profiles';
import { VendorLogo } from './vendor-logo';

/**
 * [M1.6] [M3.15] What buyers see of a vendor beside its services: the 496 x 208 logo, the name, the
 * description and a link to all of the vendor's services. Escape or the close button closes it.
 */
export function VendorProfilePanel(props: { ownerId: number; onClose: () => void; servicesHref: string }) {
  const { t } = useTranslation();
  const profile = useVendorProfile(props.ownerId);
  const headingId = useId();
  const isMissing = profile.error instanceof ApiError && profile.error.status === 404;

  return (
    <Paper
      component="section"
      withBorder
      p="md"
      maw={530}
      aria-labelledby={headingId}
      data-testid="vendor-profile-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') props.onClose();
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id={headingId}>
            {profile.data?.DisplayName ?? t('vendorProfile.panel.title')}
          </Title>
          <CloseButton onClick={props.onClose} aria-label={t('vendorProfile.panel.close')} />
        </Group>
        {profile.isPending ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : isMissing ? (
          <ReadableAlert color="yellow" role="status">
            {t('vendorProfile.panel.missing')}
          </ReadableAlert>
        ) : profile.isError ? (
          <ReadableAlert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('vendorProfile.panel.loadFailed', { message: profile.error.message })}</Text>
              <Button size="xs" variant="default" onClick={() => profile.refetch()}>
                {t('app.retry')}
              </Button>
            </Stack>
          </ReadableAlert>
        ) : (
          <>
            <VendorLogo src={profile.data.Icon} vendorName={profile.data.DisplayName} />
            {profile.data.Description ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="vendor-description">
                {profile.data.Description}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {t('vendorProfile.panel.noDescription')}
              </Text>
            )}
            <Anchor href={props.servicesHref} size="sm" fw={500}>
              {t('vendorProfile.panel.allServices', { vendor: profile.data.DisplayName })}
            </Anchor>
          </>
        )}
      </Stack>
    </Paper>
  );
}
