// Control characters in what a client sends — query values, path segments, JSON strings — are
// refused with 400 naming the field, before any route sees them: PostgreSQL cannot store NUL,
// and no text of this shop needs the rest. One hook for every route, present and future. A route
// taking free text to search opts in to have them stripped from those query fields instead
// (`config.stripControlCharacters`): a stray byte pasted into a search box is no mistake to report.
import type { FastifyInstance } from 'fastify';
import { validationFailed } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Query fields of free text whose control characters are removed rather than refused. */
    stripControlCharacters?: readonly string[];
  }
}

const MESSAGE = 'Must not contain control characters';
/** C0 controls and DEL: nothing a query value or a path segment may hold. */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const EVERY_CONTROL = new RegExp(CONTROL.source, 'g');
/** The same less tab, line feed and carriage return, which a JSON text (a description) may hold. */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Whitespace controls become spaces, so 'spider\tman' is still two words; the rest go. */
function stripControlCharacters(text: string): string {
  return text.replace(/[\t\n\v\f\r]/g, ' ').replace(EVERY_CONTROL, '');
}

/** Query strings and paths are flat: a value is a string or (repeated key) a list of them. */
function flatFieldWith(values: object | null | undefined, pattern: RegExp): string | null {
  for (const name in values) {
    const value: unknown = values[name as keyof typeof values];
    const found = Array.isArray(value)
      ? value.some((item) => typeof item === 'string' && pattern.test(item))
      : typeof value === 'string' && pattern.test(value);
    if (found || pattern.test(name)) return name;
  }
  return null;
}

interface Node {
  value: object;
  key: string | number;
  parent: Node | null;
}

/** 'items.0.name'; a deep path is cut short, as its start says where to look. */
function pathOf(key: string | number, parent: Node | null): string {
  const keys = [String(key)];
  for (let at = parent; at?.parent; at = at.parent) keys.push(String(at.key));
  const path = keys.reverse().join('.');
  return path.length > 100 ? `${path.slice(0, 100)}…` : path;
}

/** What a body parser builds that holds text: arrays and plain objects, not Buffers or streams. */
function isContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The first string or key of a parsed body holding a control character. Walked without recursion
 * and with parent links, so a body nested a million levels deep costs neither stack nor paths;
 * only containers are queued, so a long array of numbers costs one pass. Each container is
 * walked once: a body built by another parser than JSON's may hold cycles.
 */
function bodyFieldWith(body: unknown, pattern: RegExp): string | null {
  if (typeof body === 'string') return pattern.test(body) ? 'body' : null;
  const pending: Node[] = [];
  const seen = new Set<object>();
  const visit = (value: unknown, key: string | number, parent: Node | null): string | null => {
    if (typeof value === 'string') return pattern.test(value) ? pathOf(key, parent) : null;
    if (isContainer(value) && !seen.has(value)) {
      seen.add(value);
      pending.push({ value, key, parent });
    }
    return null;
  };
  visit(body, '', null);
  for (let node = pending.pop(); node; node = pending.pop()) {
    const { value } = node;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const found = visit(value[i], i, node);
        if (found) return found;
      }
    } else {
      for (const key in value) {
        const found = pattern.test(key) ? pathOf(key, node) : visit(value[key as keyof typeof value], key, node);
        if (found) return found;
      }
    }
  }
  return null;
}

export function installControlCharacterGuard(app: FastifyInstance): void {
  // preValidation: the body is parsed by then, and the route's schema has not run yet.
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.query as Record<string, unknown>;
    for (const name of request.routeOptions.config.stripControlCharacters ?? []) {
      const value = query[name];
      if (typeof value === 'string') query[name] = stripControlCharacters(value);
    }
    const field =
      flatFieldWith(query, CONTROL) ??
      flatFieldWith(request.params as object | undefined, CONTROL) ??
      (request.body === undefined ? null : bodyFieldWith(request.body, CONTROL_IN_TEXT));
    done(field === null ? undefined : validationFailed({ [field]: MESSAGE }));
  });
}
