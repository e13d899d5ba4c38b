import {
  Badge,
  Button,
  Collapse,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  type ChargeStream,
  checkSpecialDealChange,
  type FieldError,
  SPECIAL_DEAL_COMMENTS_MAX,
  type SpecialDeal,
  type SpecialDealHistoryEntry,
  specialDealValidUntilChoices,
} from '@portal/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSaveSpecialDeal } from '../api/use-special-deals';
import { changeOf, type DealDraft, dealStatus, draftOf, validUntilDate } from '../utils/deal-form';
import { DealHistory } from './deal-history';
import { DealItemsTable } from './deal-items-table';

const STATUS_COLOR = { Inactive: 'gray', Active: 'green', Modified: 'orange' } as const;

export interface SpecialDealPanelProps {
  accountId: number;
  stream: ChargeStream;
  /** The active deal on the stream, or null. */
  deal: SpecialDeal | null;
  history: SpecialDealHistoryEntry[];
  /** Whether the priced items start expanded. */
  expanded: boolean;
  onSaved: () => void;
  /** A save met a newer version (409): the tab says so and reads the deals again. */
  onConflict: () => void;
}

/**
 * [A2.49] [A4.5] One charge stream: the seller company and marketplace, the status (Inactive, Active, Modified), the
 * company-discount warning, the pricing mode, the expandable priced items, valid-until, comments, Activate (after a
 * confirmation) or Save changes / Undo / Remove (after a confirmation), and the history.
 */
export function SpecialDealPanel({ accountId, stream, deal, history, expanded, onSaved, onConflict }: SpecialDealPanelProps) {
  const { t } = useTranslation();
  const save = useSaveSpecialDeal(accountId);
  const saved = useMemo(() => (deal ? draftOf(stream, deal) : null), [stream, deal]);
  const [draft, setDraft] = useState<DealDraft>(() => draftOf(stream, deal));
  const [open, setOpen] = useState(expanded);
  const [confirming, setConfirming] = useState<'activate' | 'remove' | null>(null);
  const [errors, setErrors] = useState<{ list: FieldError[]; keys: string[] }>({ list: [], keys: [] });
  const id = useId();
  const headingId = `${id}-heading`;
  const itemsId = `${id}-items`;
  const status = dealStatus(saved, draft);
  const buyer = stream.BuyerAccount.DisplayName;
  const seller = stream.SellerCompany.DisplayName;

  const choices = useMemo(() => {
    const list = specialDealValidUntilChoices(new Date()).map((c) => ({
      value: c.value ?? '',
      label: c.value === null ? t('specialDeals.noEndDate') : validUntilDate(c.value),
    }));
    // A saved end date stays choosable even when the month has changed since.
    if (draft.validUntil && !list.some((c) => c.value === draft.validUntil))
      list.splice(1, 0, { value: draft.validUntil, label: validUntilDate(draft.validUntil) });
    return list;
  }, [draft.validUntil, t]);

  const errorOf = (field: string) => errors.list.find((e) => e.field === `Deals[0].${field}`)?.message;
  const itemError = (key: string) => {
    const i = errors.keys.indexOf(key);
    return i < 0 ? undefined : errors.list.find((e) => e.field.startsWith(`Deals[0].DiscountItems[${i}]`))?.message;
  };
  const known = (e: FieldError) => /^Deals\[0\]\.(DiscountItems\[\d+\]|EffectiveEndDate|Comments)/.test(e.field);
  const otherErrors = errors.list.filter((e) => !known(e)).map((e) => e.message);
  const failed = (error: Error, keys: string[]) => {
    setConfirming(null);
    if (error instanceof ApiError && error.status === 409) {
      onConflict();
      return;
    }
    const list = error instanceof ApiError ? error.fieldErrors : [];
    setErrors({ list: list.length > 0 ? list : [{ field: '', message: error.message }], keys });
  };

  /** Activate (no saved deal) or save changes; the shared checks run before sending. */
  const submit = () => {
    const { change, keys } = changeOf(stream, accountId, draft, deal);
    const found = checkSpecialDealChange(change, 0, new Date());
    if (found.length > 0) {
      setConfirming(null);
      setErrors({ list: found, keys });
      return;
    }
    setErrors({ list: [], keys });
    save.mutate(change, {
      onSuccess: () => {
        setConfirming(null);
        onSaved();
        notify({ color: 'green', message: t(deal ? 'specialDeals.saved' : 'specialDeals.activated') });
      },
      onError: (error) => failed(error, keys),
    });
  };

  const remove = () => {
    if (!deal) return;
    save.mutate(
      {
        chargeStreamId: stream.ChargeStreamId,
        targetAccountId: accountId,
        id: deal.Id,
        version: deal.Version,
        status: 'Removed',
      },
      {
        onSuccess: () => {
          setConfirming(null);
          onSaved();
          notify({ color: 'green', message: t('specialDeals.removed') });
        },
        onError: (error) => failed(error, []),
      },
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="start" wrap="wrap">
          <div>
            <Title order={3} size="h5" id={headingId}>
              {t('specialDeals.panelTitle', { seller, buyer })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('specialDeals.marketplace', { name: stream.MarketplaceName })}
              {' · '}
              {t('specialDeals.currency', { currency: stream.Currency })}
            </Text>
          </div>
          <Badge color={STATUS_COLOR[status]} variant="dot" size="lg" data-testid="special-deal-status">
            <VisuallyHidden>{t('specialDeals.status.label')}: </VisuallyHidden>
            {t(`specialDeals.status.${status}`)}
          </Badge>
        </Group>
        {stream.HasCompanyDiscount && (
          <ReadableAlert color="yellow">{t('specialDeals.overrideWarning', { buyer })}</ReadableAlert>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${id}-mode`}>
            {t('specialDeals.mode.label')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${id}-mode`}
            value={draft.percentMode ? 'percent' : 'custom'}
            onChange={(v) => setDraft((d) => ({ ...d, percentMode: v === 'percent' }))}
            data={[
              { value: 'custom', label: t('specialDeals.mode.custom') },
              { value: 'percent', label: t('specialDeals.mode.percent') },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
        <div>
          <Button variant="subtle" px={0} aria-expanded={open} aria-controls={itemsId} onClick={() => setOpen((o) => !o)}>
            {t(open ? 'specialDeals.items.hide' : 'specialDeals.items.show', { count: stream.Subscriptions.length })}
          </Button>
          <Collapse in={open} id={itemsId}>
            <DealItemsTable
              stream={stream}
              draft={draft}
              caption={t('specialDeals.items.caption', { seller, buyer })}
              errorOf={itemError}
              onChange={(key, value) => setDraft((d) => ({ ...d, values: { ...d.values, [key]: value } }))}
            />
          </Collapse>
        </div>
        <Group align="start" wrap="wrap" grow>
          <NativeSelect
            label={t('specialDeals.validUntil')}
            data={choices}
            value={draft.validUntil}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, validUntil: value }));
            }}
            error={errorOf('EffectiveEndDate')}
            miw={200}
          />
          <Textarea
            label={t('specialDeals.comments')}
            value={draft.comments}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, comments: value }));
            }}
            maxLength={SPECIAL_DEAL_COMMENTS_MAX}
            autosize
            minRows={1}
            maxRows={4}
            error={errorOf('Comments')}
            miw={200}
          />
        </Group>
        {otherErrors.length > 0 && (
          <ReadableAlert color="red" role="alert">
            {otherErrors.join(' ')}
          </ReadableAlert>
        )}
        <Group justify="end" gap="xs">
          {deal ? (
            <>
              {status === 'Modified' && (
                <Button
                  variant="default"
                  onClick={() => {
                    if (saved) setDraft(saved);
                    setErrors({ list: [], keys: [] });
                  }}
                >
                  {t('specialDeals.undo')}
                </Button>
              )}
              <Button variant="default" c="red.9" onClick={() => setConfirming('remove')}>
                {t('specialDeals.remove')}
              </Button>
              <Button onClick={submit} loading={save.isPending && !confirming} disabled={status !== 'Modified'}>
                {t('specialDeals.save')}
              </Button>
            </>
          ) : (
            <Button onClick={() => setConfirming('activate')}>{t('specialDeals.activate')}</Button>
          )}
        </Group>
        <DealHistory stream={stream} history={history} />
      </Stack>
      {confirming === 'activate' && (
        <ConfirmModal
          title={t('specialDeals.confirmActivateTitle')}
          text={t('specialDeals.confirmActivateText', { buyer })}
          cancelLabel={t('specialDeals.confirmNo')}
          confirmLabel={t('specialDeals.confirmActivateYes')}
          isBusy={save.isPending}
          onConfirm={submit}
          onClose={() => setConfirming(null)}
        />
      )}
      {confirming === 'remove' && (
        <ConfirmModal
          title={t('specialDeals.confirmRemoveTitle')}
          text={t('specialDeals.confirmRemoveText', { buyer })}
          cancelLabel={t('specialDeals.confirmNo')}
          confirmLabel={t('specialDeals.confirmRemoveYes')}
          isBusy={save.isPending}
          onConfirm={remove}
          onClose={() => setConfirming(null)}
        />
      )}
    </Paper>
  );
}
