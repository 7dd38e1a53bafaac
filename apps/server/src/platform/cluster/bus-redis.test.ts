// The Redis bus against the real Redis on this machine: each instance hears the others, never
// itself; an acknowledged message resolves once the others applied it; a Redis that goes away
// costs a log line, not a failed request.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import fastify from 'fastify';
import type { ClusterBus } from './bus';
import { createRedisBus } from './bus-redis';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = fastify().log;
const opened: ClusterBus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

async function busesOnOnePrefix(...ids: string[]): Promise<ClusterBus[]> {
  const prefix = `test-${randomBytes(4).toString('hex')}:`;
  const buses = await Promise.all(ids.map((instanceId) => createRedisBus({ url: REDIS_URL, prefix, instanceId, log })));
  opened.push(...buses);
  return buses;
}

const received = <T>(bus: ClusterBus, topic: 'ratings' | 'sessions') => {
  const messages: T[] = [];
  bus.subscribe(topic, (message) => messages.push(message as T));
  return messages;
};

const until = async (done: () => boolean) => {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('the Redis cluster bus', () => {
  it('delivers a message to every other instance and not back to its sender', async () => {
    const [a, b, c] = await busesOnOnePrefix('a', 'b', 'c');
    const [onA, onB, onC] = [a!, b!, c!].map((bus) => received<{ volumeId: number }>(bus, 'ratings'));
    await a!.publish('ratings', { volumeId: 7 });
    await until(() => onB!.length > 0 && onC!.length > 0);
    expect(onB).toEqual([{ volumeId: 7 }]);
    expect(onC).toEqual([{ volumeId: 7 }]);
    expect(onA).toEqual([]);
  });

  it('keeps topics and prefixes apart', async () => {
    const [a, b] = await busesOnOnePrefix('a', 'b');
    const [stranger] = await busesOnOnePrefix('b');
    const sessionsOnB = received(b!, 'sessions');
    const ratingsOnStranger = received(stranger!, 'ratings');
    await a!.publish('ratings', { volumeId: 1 });
    await a!.publish('sessions', { userId: 5 });
    await until(() => sessionsOnB.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sessionsOnB).toEqual([{ userId: 5 }]);
    expect(ratingsOnStranger).toEqual([]);
  });

  it('resolves an acknowledged message only once every other instance has applied it', async () => {
    const [a, b, c] = await busesOnOnePrefix('a', 'b', 'c');
    const applied: string[] = [];
    b!.subscribe('sessions', () => applied.push('b'));
    c!.subscribe('sessions', () => applied.push('c'));
    await a!.publish('sessions', { tokenHash: 'x' }, { acknowledged: true });
    expect(applied.sort()).toEqual(['b', 'c']);
  });

  it('does not wait long for an acknowledgement that cannot come', async () => {
    const [a] = await busesOnOnePrefix('a');
    const started = performance.now();
    await a!.publish('sessions', { userId: 1 }, { acknowledged: true });
    // Nobody else listens: Redis says so, and the publish resolves at once.
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('answers ping, and publishes without throwing once Redis is gone', async () => {
    const [a] = await busesOnOnePrefix('a');
    expect(await a!.ping()).toBe(true);
    await a!.close();
    await expect(a!.publish('ratings', { volumeId: 1 })).resolves.toBeUndefined();
    expect(await a!.ping()).toBe(false);
  });

  it('refuses to start when Redis cannot be reached, within seconds', async () => {
    const started = performance.now();
    await expect(createRedisBus({ url: 'redis://127.0.0.1:1', prefix: 'x:', instanceId: 'a', log })).rejects.toThrow(
      /unreachable/,
    );
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
