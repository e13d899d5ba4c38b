import { afterEach, describe, expect, it, vi } from 'vitest';
import { publish, subscribe, subscriberCount } from '../event-bus';

describe('event bus', () => {
  const ends: (() => void)[] = [];
  afterEach(() => {
    for (const end of ends.splice(0)) end();
  });

  it('[M2.60] delivers a published message to every subscriber of that channel only, in subscription order', () => {
    const received: string[] = [];
    ends.push(subscribe('orders', (m) => received.push(`a:${String(m)}`)));
    ends.push(subscribe('orders', (m) => received.push(`b:${String(m)}`)));
    ends.push(subscribe('reports', (m) => received.push(`c:${String(m)}`)));

    const count = publish('orders', 'refresh');

    expect(count).toBe(2);
    expect(received).toEqual(['a:refresh', 'b:refresh']);
  });

  it('stops delivering after unsubscribe, and a second unsubscribe changes nothing', () => {
    const handler = vi.fn();
    const end = subscribe('orders', handler);
    const other = subscribe('orders', handler);
    ends.push(other);

    end();
    end();
    publish('orders', 1);

    expect(handler).toHaveBeenCalledTimes(1);
    expect(subscriberCount('orders')).toBe(1);
  });

  it('a subscriber that throws does not keep the message from the next one', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    ends.push(
      subscribe('orders', () => {
        throw new Error('broken');
      }),
    );
    ends.push(subscribe('orders', after));

    publish('orders', { type: 'refresh' });

    expect(after).toHaveBeenCalledWith({ type: 'refresh' });
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('publishing on a channel nobody listens to reaches no one', () => {
    expect(publish('nobody', 'x')).toBe(0);
    expect(subscriberCount('nobody')).toBe(0);
  });
});
