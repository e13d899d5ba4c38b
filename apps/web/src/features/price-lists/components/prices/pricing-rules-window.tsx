import {
  ActionIcon,
  Button,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  PercentTextSchema,
  PRICING_RULE_TARGETS,
  type PricingMode,
  type PricingRule,
  type PricingRuleTarget,
} from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../../components/ui/readable-alert';
import { notify } from '../../../../lib/notify';
import { usePreviewPricingRules, usePricingRules, useSavePricingRules } from '../../api/prices/use-prices';
import { PriceListConflictAlert, priceListConflictOf } from '../price-list-conflict';

export interface PricingRulesWindowProps {
  marketplaceId: number;
  opened: boolean;
  onClose: () => void;
  onSaved?: () => void;
}

interface DraftRule {
  key: number;
  Target: PricingRuleTarget;
  Value: string | null;
  MarkupPercent: string;
}

let nextKey = 1;

/**
 * [M4.16] [M6.6] Manage pricing rules: the list's pricing mode (legacy: its own prices; dynamic: the SRP with
 * the markup of the most specific rule by service, category or vendor), the rules, a preview of the prices
 * they give, and save.
 */
export function PricingRulesWindow({ marketplaceId, opened, onClose, onSaved }: PricingRulesWindowProps) {
  const { t } = useTranslation();
  const query = usePricingRules(marketplaceId, opened);
  const preview = usePreviewPricingRules(marketplaceId);
  const saver = useSavePricingRules(marketplaceId);
  const data = query.data;
  const [mode, setMode] = useState<PricingMode>('legacy');
  const [rules, setRules] = useState<DraftRule[]>([]);

  useEffect(() => {
    if (!data) return;
    setMode(data.PricingMode);
    setRules(data.Rules.map((r) => ({ key: nextKey++, Target: r.Target, Value: r.Value, MarkupPercent: r.MarkupPercent })));
  }, [data]);

  const isPercentBad = (p: string) => !PercentTextSchema.safeParse(p).success;
  const isIncomplete = rules.some((r) => r.Value === null || isPercentBad(r.MarkupPercent));
  const complete = (): PricingRule[] =>
    rules.map((r) => ({ Target: r.Target, Value: r.Value as string, MarkupPercent: r.MarkupPercent.trim() }));
  const update = (key: number, change: Partial<DraftRule>) => {
    preview.reset();
    setRules((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  };
  const close = () => {
    preview.reset();
    saver.reset();
    onClose();
  };
  const save = async (version?: number) => {
    if (!data) return;
    try {
      await saver.mutateAsync({ version: version ?? data.Version, PricingMode: mode, Rules: complete() });
      notify({ color: 'green', message: t('prices.rules.saved') });
      onSaved?.();
      close();
    } catch {
      // Shown below.
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('prices.rules.title')}
      size={1000}
      centered
      closeButtonProps={{ 'aria-label': t('prices.close') }}
    >
      <Stack>
        {query.isLoading && <Text size="sm">{t('prices.loading')}</Text>}
        {query.error && (
          <ReadableAlert color="red" role="alert" title={t('prices.loadFailed')}>
            {query.error.message}
          </ReadableAlert>
        )}
        {data && (
          <>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="pricing-mode-label">
                {t('prices.rules.mode')}
              </Text>
              <SegmentedControl
                aria-labelledby="pricing-mode-label"
                value={mode}
                onChange={(v) => setMode(v as PricingMode)}
                data={[
                  { value: 'legacy', label: t('prices.rules.legacy') },
                  { value: 'dynamic', label: t('prices.rules.dynamic') },
                ]}
              />
              <Text size="xs" c="dimmed">
                {t(mode === 'dynamic' ? 'prices.rules.dynamicHint' : 'prices.rules.legacyHint')}
              </Text>
            </Stack>
            {rules.length === 0 ? (
              <Text size="sm">{t('prices.rules.none')}</Text>
            ) : (
              <Table aria-label={t('prices.rules.tableLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('prices.rules.target')}</Table.Th>
                    <Table.Th>{t('prices.rules.value')}</Table.Th>
                    <Table.Th>{t('prices.rules.markup')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rules.map((r, i) => (
                    <Table.Tr key={r.key}>
                      <Table.Td>
                        <Select
                          aria-label={t('prices.rules.targetOf', { n: i + 1 })}
                          data={PRICING_RULE_TARGETS.map((x) => ({ value: x, label: t(`prices.rules.targets.${x}`) }))}
                          value={r.Target}
                          onChange={(v) => v && update(r.key, { Target: v as PricingRuleTarget, Value: null })}
                          allowDeselect={false}
                          w={160}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={t('prices.rules.valueOf', { n: i + 1 })}
                          data={data.Targets.filter((x) => x.Target === r.Target).map((x) => ({
                            value: x.Value,
                            label: x.Label,
                          }))}
                          value={r.Value}
                          onChange={(v) => update(r.key, { Value: v })}
                          searchable
                          placeholder={t('prices.rules.choose')}
                          error={r.Value === null ? t('prices.rules.chooseError') : undefined}
                          miw={280}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('prices.rules.markupOf', { n: i + 1 })}
                          value={r.MarkupPercent}
                          onChange={(e) => update(r.key, { MarkupPercent: e.currentTarget.value })}
                          rightSection="%"
                          error={isPercentBad(r.MarkupPercent) ? t('prices.rules.badPercent') : undefined}
                          w={140}
                        />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('prices.rules.remove', { n: i + 1 })}
                          onClick={() => {
                            preview.reset();
                            setRules((all) => all.filter((x) => x.key !== r.key));
                          }}
                        >
                          ×
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Group>
              <Button
                variant="default"
                onClick={() => {
                  preview.reset();
                  setRules((all) => [...all, { key: nextKey++, Target: 'Vendor', Value: null, MarkupPercent: '20' }]);
                }}
              >
                {t('prices.rules.add')}
              </Button>
              <Button
                variant="default"
                onClick={() => preview.mutate(complete())}
                disabled={isIncomplete}
                loading={preview.isPending}
              >
                {t('prices.rules.preview')}
              </Button>
            </Group>
            {preview.error && (
              <ReadableAlert color="red" role="alert" title={t('prices.rules.previewFailed')}>
                {preview.error.message}
              </ReadableAlert>
            )}
            {preview.data &&
              (preview.data.Rows.length === 0 ? (
                <Text size="sm">{t('prices.rules.previewEmpty')}</Text>
              ) : (
                <Stack gap={4}>
                  <Text size="sm">
                    {preview.data.Rows.length < preview.data.Total
                      ? t('prices.rules.previewCount', { shown: preview.data.Rows.length, total: preview.data.Total })
                      : t('prices.rules.previewAll', { count: preview.data.Total })}
                  </Text>
                  <ScrollArea.Autosize mah={250} type="auto" viewportProps={{ tabIndex: 0 }}>
                    <Table striped stickyHeader aria-label={t('prices.rules.previewLabel')}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('prices.col.service')}</Table.Th>
                          <Table.Th>{t('prices.col.priceableItem')}</Table.Th>
                          <Table.Th>{t('prices.col.currency')}</Table.Th>
                          <Table.Th ta="right">{t('prices.col.srpPlain')}</Table.Th>
                          <Table.Th>{t('prices.rules.appliedRule')}</Table.Th>
                          <Table.Th ta="right">{t('prices.col.price')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {preview.data.Rows.map((r) => (
                          <Table.Tr key={`${r.ServiceId}|${r.PriceableItem}|${r.Currency}`}>
                            <Table.Td>{r.ServiceName}</Table.Td>
                            <Table.Td>{r.PriceableItem}</Table.Td>
                            <Table.Td>{r.Currency}</Table.Td>
                            <Table.Td ta="right">{r.SuggestedRetailPrice}</Table.Td>
                            <Table.Td>
                              {r.RuleTarget
                                ? t('prices.rules.appliedValue', {
                                    target: t(`prices.rules.targets.${r.RuleTarget}`),
                                    percent: r.MarkupPercent,
                                  })
                                : t('prices.rules.noRule')}
                            </Table.Td>
                            <Table.Td ta="right">{r.Price}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </ScrollArea.Autosize>
                </Stack>
              ))}
            <PriceListConflictAlert mutation={saver} onKeep={(version) => void save(version)} />
            {saver.error && !priceListConflictOf(saver.error) && (
              <ReadableAlert color="red" role="alert" title={t('prices.rules.saveFailed')}>
                {saver.error.message}
              </ReadableAlert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('prices.cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={!data || isIncomplete} loading={saver.isPending}>
            {t('prices.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
