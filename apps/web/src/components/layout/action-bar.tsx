import { Button, Group, Menu } from '@mantine/core';
import { publish } from '../../lib/event-bus';

/** A plain link: opens another page of the portal (or any address). */
export interface ActionBarLink {
  kind: 'link';
  label: string;
  href: string;
}

/** A publisher: publishes `message` on `channel` of the in-app event bus; whoever subscribes there acts on it. */
export interface ActionBarPublisher {
  kind: 'publish';
  label: string;
  channel: string;
  message: unknown;
}

/** A dropdown: a button that opens a menu of links and publishers. */
export interface ActionBarDropdown {
  kind: 'dropdown';
  label: string;
  items: (ActionBarLink | ActionBarPublisher)[];
}

export type ActionBarAction = ActionBarLink | ActionBarPublisher | ActionBarDropdown;

/**
 * [M2.60] A row of page actions. Each button is a dropdown, a publisher (publishes a message on a channel of the
 * event bus, lib/event-bus.ts) or a plain link. The row wraps on a narrow screen rather than widen the page.
 */
export function ActionBar({ label, actions }: { label: string; actions: ActionBarAction[] }) {
  if (actions.length === 0) return null;
  return (
    <Group role="group" aria-label={label} gap="xs" wrap="wrap">
      {actions.map((action) => {
        if (action.kind === 'link') {
          return (
            <Button key={action.label} component="a" href={action.href} variant="default" size="sm">
              {action.label}
            </Button>
          );
        }
        if (action.kind === 'publish') {
          return (
            <Button key={action.label} variant="default" size="sm" onClick={() => publish(action.channel, action.message)}>
              {action.label}
            </Button>
          );
        }
        return (
          <Menu key={action.label} position="bottom-start" withinPortal>
            <Menu.Target>
              <Button variant="default" size="sm" rightSection={<span aria-hidden="true">▾</span>}>
                {action.label}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {action.items.map((item) =>
                item.kind === 'link' ? (
                  <Menu.Item key={item.label} component="a" href={item.href}>
                    {item.label}
                  </Menu.Item>
                ) : (
                  <Menu.Item key={item.label} onClick={() => publish(item.channel, item.message)}>
                    {item.label}
                  </Menu.Item>
                ),
              )}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Group>
  );
}
