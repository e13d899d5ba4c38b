import { Accordion, Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MarkdownText } from '../../../../components/ui/markdown-text';
import { ReadableAlert } from '../../../../components/ui/readable-alert';
import { useTermsReview } from '../../api/prices/use-prices';

export interface TermsReviewWindowProps {
  marketplaceId: number;
  opened: boolean;
  onClose: () => void;
}

/**
 * [M2.25] [M7.16] Review terms (1100x560 [M9.11]): the list's services, each with its terms and conditions
 * texts; a list without services says 'There are no services in this marketplace' [M8.9].
 */
export function TermsReviewWindow({ marketplaceId, opened, onClose }: TermsReviewWindowProps) {
  const { t } = useTranslation();
  const query = useTermsReview(marketplaceId, opened);
  const services = query.data?.Services;

  if (services && services.length === 0) {
    return (
      <Modal
        opened={opened}
        onClose={onClose}
        title={t('prices.terms.infoTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('prices.close') }}
      >
        <Stack>
          <Text size="sm">{t('prices.terms.empty')}</Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('prices.ok')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('prices.terms.title')}
      size={1100}
      centered
      closeButtonProps={{ 'aria-label': t('prices.close') }}
      styles={{ body: { minHeight: 560 - 60 } }}
    >
      <Stack>
        {query.isLoading && <Text size="sm">{t('prices.loading')}</Text>}
        {query.error && (
          <ReadableAlert color="red" role="alert" title={t('prices.loadFailed')}>
            {query.error.message}
          </ReadableAlert>
        )}
        {services && (
          <ScrollArea.Autosize mah={420} type="auto" viewportProps={{ tabIndex: 0 }}>
            <Accordion multiple variant="separated">
              {services.map((s) => (
                <Accordion.Item key={s.ServiceId} value={String(s.ServiceId)}>
                  <Accordion.Control>
                    {s.DisplayName}
                    {s.Descriptions.length === 0 && (
                      <Text component="span" size="sm" c="dimmed" ml="sm">
                        {t('prices.terms.noTerms')}
                      </Text>
                    )}
                  </Accordion.Control>
                  <Accordion.Panel>
                    {s.Descriptions.length === 0 ? (
                      <Text size="sm">{t('prices.terms.noTermsText')}</Text>
                    ) : (
                      <Stack gap="sm">
                        {s.Descriptions.map((d) => (
                          <Stack gap={2} key={d.LocalizationLanguageCode}>
                            <Text size="sm" fw={600}>
                              {t('prices.terms.heading', {
                                title: d.Title || t('prices.terms.untitled'),
                                language: d.LocalizationLanguageCode,
                              })}
                            </Text>
                            <MarkdownText text={d.Content} />
                          </Stack>
                        ))}
                      </Stack>
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('prices.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
