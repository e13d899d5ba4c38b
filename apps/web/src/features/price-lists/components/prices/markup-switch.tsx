import { Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DEFAULT_MARKUP_PERCENT, type MarketplaceMarkup, PercentTextSchema } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../../components/ui/readable-alert';
import { notify } from '../../../../lib/notify';
import { useSetMarkup } from '../../api/prices/use-prices';
import { PriceListConflictAlert, priceListConflictOf } from '../price-list-conflict';

export interface MarkupSwitchProps {
  marketplaceId: number;
  /** The price list's version (send back with the change). */
  version: number;
  /** The markup percent while it is on; null when off. */
  markupPercent: string | null;
  disabled?: boolean;
  /** Called with the list's new markup state and version. */
  onChanged?: (result: MarketplaceMarkup) => void;
}

/**
 * [M4.26] [M9.14] The "Markup" switch: on asks for a percent (20 by default, at least 0 [M5.11]) and applies it
 * to the list's own prices (a fee without one gets SRP plus the percent), keeping the prices for undo; off
 * restores them, after a confirmation.
 */
export function MarkupSwitch({ marketplaceId, version, markupPercent, disabled, onChanged }: MarkupSwitchProps) {
  const { t } = useTranslation();
  const setter = useSetMarkup(marketplaceId);
  const [dialog, setDialog] = useState<'on' | 'off' | null>(null);
  const [percent, setPercent] = useState(DEFAULT_MARKUP_PERCENT);
  const isOn = markupPercent !== null;
  const isPercentBad = !PercentTextSchema.safeParse(percent).success;

  const apply = async (over = version) => {
    try {
      const result = await setter.mutateAsync({
        version: over,
        Enabled: dialog === 'on',
        MarkupPercent: dialog === 'on' ? percent.trim() : null,
      });
      notify({
        color: 'green',
        message: t(result.IsMarkupEnabled ? 'prices.markup.appliedOn' : 'prices.markup.appliedOff', {
          count: result.PricesChanged,
          percent: result.MarkupPercent,
        }),
      });
      setDialog(null);
      onChanged?.(result);
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <>
      <Switch
        label={t('prices.markup.label')}
        description={isOn ? t('prices.markup.onHint', { percent: markupPercent }) : undefined}
        checked={isOn}
        disabled={disabled || setter.isPending}
        onChange={() => {
          setter.reset();
          setPercent(DEFAULT_MARKUP_PERCENT);
          setDialog(isOn ? 'off' : 'on');
        }}
      />
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={t(dialog === 'off' ? 'prices.markup.offTitle' : 'prices.markup.onTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('prices.close') }}
      >
        <Stack>
          {dialog === 'on' ? (
            <>
              <Text size="sm">{t('prices.markup.onText')}</Text>
              <TextInput
                label={t('prices.markup.percent')}
                value={percent}
                onChange={(e) => setPercent(e.currentTarget.value)}
                rightSection="%"
                error={isPercentBad ? t('prices.markup.badPercent') : undefined}
                data-autofocus
              />
            </>
          ) : (
            <Text size="sm">{t('prices.markup.offText')}</Text>
          )}
          <PriceListConflictAlert mutation={setter} onReload={() => setDialog(null)} onKeep={(over) => void apply(over)} />
          {setter.error && !priceListConflictOf(setter.error) && (
            <ReadableAlert color="red" role="alert" title={t('prices.markup.failed')}>
              {setter.error.message}
            </ReadableAlert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {t('prices.cancel')}
            </Button>
            <Button onClick={() => void apply()} loading={setter.isPending} disabled={dialog === 'on' && isPercentBad}>
              {t(dialog === 'off' ? 'prices.markup.confirmOff' : 'prices.markup.confirmOn')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
