import { useEffect, useRef } from 'react';

/** Something listening on a channel; it receives every message published there while it is subscribed. */
export type ChannelHandler = (message: unknown) => void;

const channels = new Map<string, Set<ChannelHandler>>();

/**
 * [M2.60] The in-app event bus: a publisher (an action bar button, the navigation header widget) publishes a message
 * on a named channel and every current subscriber of that channel receives it, in the order they subscribed. A
 * subscriber that throws does not keep the message from the others. Returns how many subscribers received it.
 */
export function publish(channel: string, message: unknown): number {
  const handlers = [...(channels.get(channel) ?? [])];
  for (const handler of handlers) {
    try {
      handler(message);
    } catch (error) {
      console.error(`A subscriber of "${channel}" failed`, error);
    }
  }
  return handlers.length;
}

/** Subscribes to one channel; the returned function ends the subscription (calling it twice is harmless). */
export function subscribe(channel: string, handler: ChannelHandler): () => void {
  const set = channels.get(channel) ?? new Set<ChannelHandler>();
  // The same function subscribed twice is two subscriptions: wrap it, so each unsubscribe removes only its own.
  const entry: ChannelHandler = (message) => handler(message);
  set.add(entry);
  channels.set(channel, set);
  return () => {
    set.delete(entry);
    if (set.size === 0 && channels.get(channel) === set) channels.delete(channel);
  };
}

/** How many subscribers a channel has now. */
export function subscriberCount(channel: string): number {
  return channels.get(channel)?.size ?? 0;
}

/** A component's subscription for as long as it is mounted; the latest `handler` always receives the message. */
export function useChannel(channel: string, handler: ChannelHandler) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribe(channel, (message) => latest.current(message)), [channel]);
}
