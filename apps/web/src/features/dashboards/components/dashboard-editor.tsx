import { Anchor, Badge, Button, Checkbox, Flex, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DASHBOARD_LAYOUT_PRESETS, type Dashboard, type DashboardWidget } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { VersionConflictAlert } from '../../../components/ui/version-conflict-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useVersionConflict } from '../../../lib/version-conflict';
import { useDashboard, useDeleteDashboard, useUpdateDashboard } from '../api/use-dashboards';
import {
  type DashboardDraft,
  draftErrors,
  draftOf,
  errorsByField,
  isDraftChanged,
  slotError,
  sortedAudiences,
} from '../utils/dashboard-draft';
import { dropWidget, emptySlotIds, presetIdOf, presetLayout, relayout, removeWidget, slotNumber } from '../utils/dashboard-grid';
import { DashboardGrid } from './dashboard-grid';
import type { DashboardLinks } from './dashboard-links';
import { LayoutPickerModal } from './layout-picker-modal';
import { LayoutPreview } from './layout-preview';
import { EmptySlot, WidgetDnd, WidgetPalette } from './widget-dnd';
import { WidgetEditorModal } from './widget-editor-modal';
import { WidgetView } from './widget-view';

/** [M9.4] The success notice shows for 4 s. */
const SUCCESS_NOTICE_MS = 4000;

type Confirm = 'publish' | 'unpublish' | 'delete';

/** A filled slot: the widget as it will look, with Edit and Remove. */
function FilledSlot(props: {
  slotId: string;
  name: string;
  number: number;
  widget: DashboardWidget;
  title: string;
  error: string | null;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const typeName = t(`dashboards.widget.type.${props.widget.type}`);
  return (
    <Paper
      component="section"
      aria-label={t('dashboards.slot.filled', { name: props.name, type: typeName })}
      data-testid={`slot-${props.slotId}`}
      withBorder
      p="sm"
      radius="md"
      style={{ flex: 1, minWidth: 0, borderColor: props.error ? 'var(--mantine-color-red-7)' : undefined }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {props.name} · {typeName}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="default"
              onClick={props.onEdit}
              aria-label={t('dashboards.slot.edit', { name: props.name, type: typeName })}
            >
              {t('dashboards.slot.editShort')}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={props.onRemove}
              aria-label={t('dashboards.slot.remove', { name: props.name, type: typeName })}
            >
              {t('dashboards.slot.removeShort')}
            </Button>
          </Group>
        </Group>
        {props.error && (
          <Text size="sm" c="red.8" role="alert">
            {props.error}
          </Text>
        )}
        <div style={{ maxHeight: 320, overflow: 'auto' }}>
          <WidgetView
            widget={props.widget}
            videoTitle={t('dashboards.widget.videoTitle', { title: props.title, n: props.number })}
          />
        </div>
      </Stack>
    </Paper>
  );
}

function LoadedEditor(props: { saved: Dashboard; links: DashboardLinks; onDeleted: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateDashboard();
  const remove = useDeleteDashboard();
  const conflict = useVersionConflict<Dashboard>();
  const [draft, setDraft] = useState<DashboardDraft>(() => draftOf(props.saved));
  const [version, setVersion] = useState(props.saved.Version);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [isPickingLayout, setIsPickingLayout] = useState(false);
  const saved = props.saved;
  const isChanged = isDraftChanged(draft, saved) || version !== saved.Version;
  const slotName = (slotId: string) => t('dashboards.slot.label', { n: slotNumber(draft.layout, slotId) });
  const empty = emptySlotIds(draft.layout, draft.content);
  const presetId = presetIdOf(draft.layout);

  function change(next: Partial<DashboardDraft>) {
    setDraft((d) => ({ ...d, ...next }));
  }

  /** Saves the draft with `published` set (publish, unpublish or a plain save) [M4.7]. */
  function save(published: boolean, overVersion = version, done?: () => void) {
    const found = draftErrors(draft, saved.id, overVersion, published);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      setFormError(t('dashboards.fixErrors'));
      done?.();
      return;
    }
    update.mutate(
      { id: saved.id, ...draft, published, Version: overVersion },
      {
        onSuccess: (result) => {
          conflict.clear();
          setDraft(draftOf(result));
          setVersion(result.Version);
          notify({
            color: 'green',
            message:
              published === saved.published
                ? t('dashboards.saved')
                : published
                  ? t('dashboards.publishedNotice')
                  : t('dashboards.unpublishedNotice'),
            autoClose: SUCCESS_NOTICE_MS,
          });
        },
        onError: (error) => {
          if (conflict.capture(error)) return;
          if (error instanceof ApiError && error.fieldErrors.length > 0) {
            setErrors(errorsByField(error.fieldErrors));
            setFormError(t('dashboards.fixErrors'));
          } else setFormError(error.message);
        },
        onSettled: () => done?.(),
      },
    );
  }

  function handleConfirm() {
    if (confirm === 'delete') {
      remove.mutate(saved.id, {
        onSuccess: () => {
          setConfirm(null);
          notify({ color: 'green', message: t('dashboards.deleted', { title: saved.title }), autoClose: SUCCESS_NOTICE_MS });
          props.onDeleted();
        },
        onError: (error) => {
          setConfirm(null);
          setFormError(error.message);
        },
      });
      return;
    }
    save(confirm === 'publish', version, () => setConfirm(null));
  }

  function handleLayout(nextPresetId: string) {
    const layout = presetLayout(nextPresetId);
    if (!layout) {
      console.info('Dashboard: no layout active');
      return;
    }
    const moved = relayout(draft.layout, draft.content, layout);
    change({ layout, content: moved.content });
    setErrors({});
    setIsPickingLayout(false);
  }

  const editingWidget = editing ? draft.content[editing] : undefined;
  const isBusy = update.isPending || remove.isPending;
  const widgetCount = Object.keys(draft.content).length;
  const layoutName = presetId
    ? t(`dashboards.layouts.${presetId}`, { defaultValue: DASHBOARD_LAYOUT_PRESETS.find((p) => p.id === presetId)?.name })
    : t('dashboards.layoutCustom');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {t('dashboards.editTitle', { title: saved.title })}
          </Title>
          <Group gap="xs">
            <Badge color="dark" variant="outline">
              {saved.published ? t('dashboards.state.published') : t('dashboards.state.draft')}
            </Badge>
            {isChanged && (
              <Text size="sm" fw={600}>
                {t('dashboards.unsaved')}
              </Text>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <Anchor href={props.links.start()} size="sm">
            {t('dashboards.backToList')}
          </Anchor>
          <Anchor href={props.links.view(saved.id)} size="sm">
            {t('dashboards.openView')}
          </Anchor>
        </Group>
      </Group>

      {/* [M4.7] Save is always visible: the action bar stays at the top while the page scrolls. */}
      <Paper
        withBorder
        p="xs"
        radius="md"
        role="toolbar"
        aria-label={t('dashboards.actions')}
        style={{ position: 'sticky', top: 'var(--app-shell-header-offset, 0px)', zIndex: 5 }}
      >
        <Group gap="xs" wrap="wrap">
          <Button onClick={() => save(saved.published)} loading={update.isPending && confirm === null} disabled={isBusy}>
            {t('dashboards.save')}
          </Button>
          {saved.published ? (
            <Button variant="default" onClick={() => setConfirm('unpublish')} disabled={isBusy}>
              {t('dashboards.unpublish')}
            </Button>
          ) : (
            <Button variant="default" onClick={() => setConfirm('publish')} disabled={isBusy}>
              {t('dashboards.publish')}
            </Button>
          )}
          <Button variant="subtle" color="red" onClick={() => setConfirm('delete')} disabled={isBusy}>
            {t('dashboards.delete')}
          </Button>
        </Group>
      </Paper>

      {conflict.current && (
        <VersionConflictAlert
          changedBy={conflict.current.UpdatedBy}
          changedAt={conflict.current.UpdatedAt}
          onReload={() => {
            if (conflict.current) {
              setDraft(draftOf(conflict.current));
              setVersion(conflict.current.Version);
            }
            conflict.clear();
          }}
          onKeep={() => save(saved.published, conflict.current?.Version)}
          busy={update.isPending}
        />
      )}
      {formError && (
        <ReadableAlert color="red" role="alert">
          {formError}
          {Object.entries(errors)
            .filter(([field]) => field !== 'title' && !field.startsWith('content.'))
            .map(([field, message]) => (
              <Text key={field} size="sm">
                {message}
              </Text>
            ))}
        </ReadableAlert>
      )}

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="dashboard-properties-heading">
        <Title order={2} size="h5" id="dashboard-properties-heading" mb="xs">
          {t('dashboards.properties')}
        </Title>
        <Flex gap="lg" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }}>
          <TextInput
            label={t('dashboards.titleLabel')}
            value={draft.title}
            maxLength={100}
            required
            error={errors.title}
            onChange={(e) => change({ title: e.currentTarget.value })}
            style={{ flex: 2 }}
          />
          <Checkbox.Group
            label={t('dashboards.visibleTo')}
            description={t('dashboards.visibleToHint')}
            value={draft.visibleTo}
            error={errors.visibleTo}
            onChange={(value) => change({ visibleTo: sortedAudiences(value) })}
            style={{ flex: 2 }}
          >
            <Group gap="md" mt={6}>
              <Checkbox value="Reseller" label={t('dashboards.audience.Reseller')} />
              <Checkbox value="Company" label={t('dashboards.audience.Company')} />
            </Group>
          </Checkbox.Group>
          <Stack gap={4} style={{ flex: 1 }}>
            <Text size="sm" fw={500} id="dashboard-layout-label">
              {t('dashboards.layout')}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <LayoutPreview layout={draft.layout} width={60} height={40} />
              <Text size="sm">{layoutName}</Text>
            </Group>
            <Button
              size="xs"
              variant="default"
              onClick={() => setIsPickingLayout(true)}
              aria-describedby="dashboard-layout-label"
              w="fit-content"
            >
              {t('dashboards.changeLayout')}
            </Button>
          </Stack>
        </Flex>
      </Paper>

      <WidgetDnd
        emptySlots={empty}
        slotName={slotName}
        onDrop={(activeId, overId) => {
          const dropped = dropWidget(draft.layout, draft.content, activeId, overId);
          if (!dropped) return;
          change({ content: dropped.content });
          setEditing(dropped.slotId);
        }}
      >
        <Flex gap="md" direction={{ base: 'column', sm: 'row' }} align="stretch">
          <Paper withBorder p="sm" radius="md" w={{ base: '100%', sm: 200 }} style={{ flexShrink: 0, alignSelf: 'flex-start' }}>
            <WidgetPalette isFull={empty.length === 0} />
          </Paper>
          <Paper
            withBorder
            p="sm"
            radius="md"
            style={{ flex: 1, minWidth: 0 }}
            component="section"
            aria-labelledby="dashboard-grid-heading"
          >
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h5" id="dashboard-grid-heading">
                {t('dashboards.grid')}
              </Title>
              <Text size="xs" c="dimmed">
                {t('dashboards.gridCount', { count: widgetCount, slots: widgetCount + empty.length })}
              </Text>
            </Group>
            <DashboardGrid
              layout={draft.layout}
              minHeight={420}
              renderSlot={(slotId) => {
                const widget = draft.content[slotId];
                return widget ? (
                  <FilledSlot
                    slotId={slotId}
                    name={slotName(slotId)}
                    number={slotNumber(draft.layout, slotId)}
                    widget={widget}
                    title={draft.title}
                    error={slotError(errors, slotId)}
                    onEdit={() => setEditing(slotId)}
                    onRemove={() => {
                      change({ content: removeWidget(draft.content, slotId) });
                      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => !f.startsWith(`content.${slotId}`))));
                    }}
                  />
                ) : (
                  <EmptySlot slotId={slotId} name={slotName(slotId)} />
                );
              }}
            />
          </Paper>
        </Flex>
      </WidgetDnd>

      {editing && editingWidget && (
        <WidgetEditorModal
          title={t('dashboards.widget.editTitle', {
            name: slotName(editing),
            type: t(`dashboards.widget.type.${editingWidget.type}`),
          })}
          widget={editingWidget}
          serverError={slotError(errors, editing)}
          onApply={(widget) => {
            change({ content: { ...draft.content, [editing]: widget } });
            setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => !f.startsWith(`content.${editing}`))));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {isPickingLayout && (
        <LayoutPickerModal
          title={t('dashboards.layoutWindow.changeTitle')}
          confirmLabel={t('dashboards.layoutWindow.apply')}
          initialPresetId={presetId}
          note={widgetCount > 0 ? t('dashboards.layoutWindow.keepsWidgets') : null}
          isBusy={false}
          onConfirm={handleLayout}
          onClose={() => setIsPickingLayout(false)}
        />
      )}
      {confirm && (
        <ConfirmModal
          title={t(`dashboards.confirm.${confirm}Title`)}
          text={
            confirm === 'delete' ? t('dashboards.confirm.delete', { title: saved.title }) : t(`dashboards.confirm.${confirm}`)
          }
          cancelLabel={t('dashboards.cancel')}
          closeLabel={t('dashboards.close')}
          confirmLabel={t(`dashboards.confirm.${confirm}Action`)}
          isBusy={isBusy}
          onConfirm={handleConfirm}
          onClose={() => setConfirm(null)}
        />
      )}
    </Stack>
  );
}

/** A dashboard deleted (or never there): its last read must not stay on screen. */
export const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The editor's answer for a dashboard that could not be read. */
export function DashboardLoadState(props: { query: { isPending: boolean; error: Error | null; refetch: () => unknown } }) {
  const { t } = useTranslation();
  if (props.query.isPending)
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{t('dashboards.loading')}</Text>
      </Group>
    );
  const isMissing = isGone(props.query.error);
  return (
    <ReadableAlert
      color={isMissing ? 'yellow' : 'red'}
      role="alert"
      title={isMissing ? t('dashboards.notFound') : t('dashboards.loadFailed')}
    >
      {!isMissing && (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{props.query.error?.message}</Text>
          <Button size="xs" variant="default" onClick={() => props.query.refetch()}>
            {t('app.retry')}
          </Button>
        </Stack>
      )}
    </ReadableAlert>
  );
}

/** [M2.10] Edit mode of one dashboard. */
export function DashboardEditor(props: { id: number; links: DashboardLinks; onDeleted: () => void }) {
  const query = useDashboard(props.id);
  if (!query.data || isGone(query.error)) return <DashboardLoadState query={query} />;
  return <LoadedEditor key={props.id} saved={query.data} links={props.links} onDeleted={props.onDeleted} />;
}
