import { Paper } from '@mantine/core';
import type { Dashboard } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { slotNumber } from '../utils/dashboard-grid';
import { DashboardGrid } from './dashboard-grid';
import { WidgetView } from './widget-view';

/** [M2.9] [M2.11] A dashboard read-only: its widgets in their slots; empty slots stay blank. */
export function DashboardView(props: { dashboard: Pick<Dashboard, 'title' | 'layout' | 'content'> }) {
  const { t } = useTranslation();
  const { layout, content } = props.dashboard;
  return (
    <DashboardGrid
      layout={layout}
      minHeight={480}
      renderSlot={(slotId) => {
        const widget = content[slotId];
        if (!widget) return <div style={{ flex: 1 }} />;
        return (
          <Paper
            component="section"
            aria-label={t('dashboards.slot.label', { n: slotNumber(layout, slotId) })}
            withBorder
            p="md"
            radius="md"
            style={{ flex: 1, minWidth: 0, overflow: 'auto' }}
          >
            <WidgetView
              widget={widget}
              videoTitle={t('dashboards.widget.videoTitle', { title: props.dashboard.title, n: slotNumber(layout, slotId) })}
            />
          </Paper>
        );
      }}
    />
  );
}
