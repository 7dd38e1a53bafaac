// The cluster bus over Redis pub/sub: one channel per topic, each message tagged with the
// instance that sent it so a subscriber skips its own (it applied the change already).
// Subscribing needs a connection of its own (a subscribed Redis connection takes no commands).
// A message sent `acknowledged` (a logout) carries an id that every receiver echoes on the ack
// channel once it has applied the message; the sender waits for as many echoes as Redis said it
// delivered to (less its own subscriber), so a session ended here is refused everywhere before
// the logout answers.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ClusterBus, ClusterMessages, ClusterTopic } from './bus';
import { loggableError } from '../logging/loggable-error';
import { connectRedis, redisAnswers } from './redis';

/** Every topic, subscribed once at start (ioredis subscribes again by itself after a reconnection). */
const TOPICS: readonly ClusterTopic[] = ['catalog', 'ratings', 'user-cache', 'sessions'];
/** The longest a sender waits for acknowledgements: an instance that died cannot answer. */
const ACK_TIMEOUT_MS = 500;

interface Envelope {
  from: string;
  message: unknown;
  /** Set when the sender waits for every receiver to say it applied the message. */
  ack?: string;
}

type Handler = (message: never) => void;

interface AckWait {
  received: number;
  /** Receivers other than this instance, once Redis has said how many it delivered to. */
  expected: number | null;
  done: () => void;
}

const complete = (wait: AckWait) => wait.expected !== null && wait.received >= wait.expected;

export async function createRedisBus(options: {
  url: string;
  /** REDIS_KEY_PREFIX: channels are `<prefix>bus:<topic>`. */
  prefix: string;
  instanceId: string;
  log: FastifyBaseLogger;
}): Promise<ClusterBus> {
  const { instanceId, log } = options;
  const publisher = await connectRedis(options.url, `comics-bus-pub-${instanceId}`);
  let subscriber: Redis;
  try {
    subscriber = await connectRedis(options.url, `comics-bus-sub-${instanceId}`);
  } catch (error) {
    publisher.disconnect();
    throw error;
  }
  const channelOf = (topic: ClusterTopic) => `${options.prefix}bus:${topic}`;
  const ackChannel = `${options.prefix}bus:ack`;
  const handlers = new Map<string, Set<Handler>>(TOPICS.map((topic) => [channelOf(topic), new Set()]));
  const waits = new Map<string, AckWait>();
  // Every channel at once, before the app serves: a message published once this resolves is heard.
  await subscriber.subscribe(...handlers.keys(), ackChannel);

  const warn = (error: unknown, what: string, topic?: string) =>
    log.warn({ err: loggableError(error), topic }, `cluster bus: ${what}`);

  function acknowledged(payload: string): void {
    const { ack, from } = JSON.parse(payload) as { ack: string; from: string };
    const wait = waits.get(ack);
    if (!wait || from === instanceId) return;
    wait.received++;
    if (complete(wait)) wait.done();
  }

  subscriber.on('message', (channel: string, payload: string) => {
    try {
      if (channel === ackChannel) return acknowledged(payload);
      const listeners = handlers.get(channel);
      const envelope = JSON.parse(payload) as Envelope;
      if (!listeners || envelope.from === instanceId) return;
      for (const handler of listeners) {
        try {
          handler(envelope.message as never);
        } catch (error) {
          log.error({ err: loggableError(error), channel }, 'cluster bus: a subscriber failed');
        }
      }
      if (envelope.ack) {
        publisher
          .publish(ackChannel, JSON.stringify({ ack: envelope.ack, from: instanceId }))
          .catch((error: unknown) => warn(error, 'an acknowledgement could not be sent'));
      }
    } catch {
      log.warn({ channel }, 'cluster bus: a message that is not JSON was ignored');
    }
  });

  /** Resolves when every other receiver acknowledged `ack`, or at the timeout. */
  function awaitAcks(ack: string, delivered: Promise<number>): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(), ACK_TIMEOUT_MS);
      const finish = () => {
        clearTimeout(timer);
        waits.delete(ack);
        resolve();
      };
      // Registered before the message can reach anyone; the count comes with Redis's answer.
      const wait: AckWait = { received: 0, expected: null, done: finish };
      waits.set(ack, wait);
      void delivered.then((receivers) => {
        // Redis counts this instance's own subscriber among the receivers.
        wait.expected = receivers - 1;
        if (complete(wait)) finish();
      });
    });
  }

  return {
    instanceId,
    kind: 'redis',

    async publish(topic, message, publishOptions) {
      const ack = publishOptions?.acknowledged ? randomUUID() : undefined;
      const payload = JSON.stringify({ from: instanceId, message, ...(ack ? { ack } : {}) } satisfies Envelope);
      // The other instances' caches expire on their own: stale for seconds, never forever.
      const delivered = publisher.publish(channelOf(topic), payload).catch((error: unknown) => {
        warn(error, 'a message could not be published', topic);
        return 1;
      });
      await (ack ? awaitAcks(ack, delivered) : delivered);
    },

    subscribe<T extends ClusterTopic>(topic: T, handler: (message: ClusterMessages[T]) => void) {
      const listeners = handlers.get(channelOf(topic))!;
      listeners.add(handler as Handler);
      return () => listeners.delete(handler as Handler);
    },

    ping: () => redisAnswers(publisher),

    async close() {
      for (const wait of waits.values()) wait.done();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
