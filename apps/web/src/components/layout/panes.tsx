import type { ReactNode } from 'react';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import { PANE_SIZES } from './pane-sizes';

/** Fills the height it is given; each pane scrolls on its own. */
const FILL = { height: '100%' } as const;
const PANE_CONTENT = { height: '100%', overflow: 'auto' } as const;

/** A labelled splitter: dragged with the pointer, or focused and moved with the arrow keys (Home and End too). */
function Splitter({ label }: { label: string }) {
  return <Separator className="pane-splitter" aria-label={label} />;
}

/** [M2.17] One pane: the content alone, full width. */
export function OnePaneLayout({ children }: { children: ReactNode }) {
  return <div style={PANE_CONTENT}>{children}</div>;
}

/**
 * [M2.17] [M9.10] Two panes with a splitter: the side pane 20% (at least 200 px, at most 800 px), the main pane the
 * rest. `id` keeps the user's sizes for the next visit (in this browser).
 */
export function TwoPaneLayout(props: { id: string; side: ReactNode; main: ReactNode; splitterLabel: string }) {
  const layout = useDefaultLayout({ id: props.id, storage: localStorage });
  return (
    <Group id={props.id} orientation="horizontal" style={FILL} {...layout}>
      <Panel id={`${props.id}-side`} {...PANE_SIZES.twoPane.side}>
        <div style={PANE_CONTENT}>{props.side}</div>
      </Panel>
      <Splitter label={props.splitterLabel} />
      <Panel id={`${props.id}-main`} {...PANE_SIZES.twoPane.main}>
        <div style={PANE_CONTENT}>{props.main}</div>
      </Panel>
    </Group>
  );
}

/** [M2.17] [M9.10] Three panes, 20/60/20: each side at least 200 px and at most 400 px. */
export function ThreePaneLayout(props: {
  id: string;
  start: ReactNode;
  main: ReactNode;
  end: ReactNode;
  startSplitterLabel: string;
  endSplitterLabel: string;
}) {
  const layout = useDefaultLayout({ id: props.id, storage: localStorage });
  return (
    <Group id={props.id} orientation="horizontal" style={FILL} {...layout}>
      <Panel id={`${props.id}-start`} {...PANE_SIZES.threePane.side}>
        <div style={PANE_CONTENT}>{props.start}</div>
      </Panel>
      <Splitter label={props.startSplitterLabel} />
      <Panel id={`${props.id}-main`} {...PANE_SIZES.threePane.main}>
        <div style={PANE_CONTENT}>{props.main}</div>
      </Panel>
      <Splitter label={props.endSplitterLabel} />
      <Panel id={`${props.id}-end`} {...PANE_SIZES.threePane.side}>
        <div style={PANE_CONTENT}>{props.end}</div>
      </Panel>
    </Group>
  );
}
