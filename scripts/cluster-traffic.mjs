// Mixed shop traffic through one address (the load balancer): browsing (catalogue pages, search,
// a comic's page and its issues, covers), sign-ins, cart adds and sandbox checkouts, from many
// concurrent clients. Every request is recorded (kind, start, end, status, which instance
// answered), so the fault test can judge each one against the moment an instance died, and the
// cluster benchmark can compute throughput and latency per kind.
import { createBuyers, issuesOnSale } from '../bench/shop.mjs';

/** Relative weights of the kinds of request: mostly browsing, as in a shop. */
export const DEFAULT_WEIGHTS = {
  catalog: 20,
  search: 8,
  comic: 12,
  issues: 12,
  cover: 10,
  'sign-in': 0.5,
  'cart add': 10,
  checkout: 10,
};

const BROWSING = new Set(['catalogue', 'search', 'comic', 'issues', 'cover']);
const SEARCH_TERMS = [
  'vanguard',
  'crimson',
  'night',
  'nihgt',
  'legion',
  'kraken',
  'ada quill',
  'moon',
  'gilded',
  'frontier',
];
/** Each sign-in is a deliberate scrypt and at most 10 per e-mail per 15 minutes are allowed. */
const MAX_SIGN_INS_PER_BUYER = 3;
/** A checkout that got no answer (its instance died) is retried with the same Idempotency-Key, as the web app does. */
const CHECKOUT_RETRIES = 3;
const CHECKOUT_RETRY_DELAY_MS = 1000;

/**
 * What the traffic needs from the shop: `buyers` signed-up buyers with a saved 4242 card, the
 * catalogue's volumes (ids and cover addresses) and issues on sale to buy.
 */
export async function prepareShoppers(url, { buyers = 60, tag = 'traffic', issues = 1500 } = {}) {
  const volumes = [];
  for (let page = 1; volumes.length < 200; page++) {
    const batch = await fetch(`${url}/api/comics?page=${page}&limit=100`).then((r) => r.json());
    for (const v of batch) if (!volumes.some((known) => known.id === v.id)) volumes.push({ id: v.id, image: v.image });
    if (batch.length < 100) break;
  }
  const onSale = await issuesOnSale(
    url,
    volumes.map((v) => v.id),
    issues,
  );
  const signedUp = await createBuyers(url, buyers, tag);
  // Each buyer walks the issues from its own offset, so it never buys or tries one twice; the
  // progress is kept here, across runs of the traffic (a warm-up, then the measured run).
  const withProgress = signedUp.map((buyer, i) => ({
    ...buyer,
    offset: (i * 37) % onSale.length,
    next: 0,
    signIns: 0,
  }));
  return { volumes, issues: onSale, buyers: withProgress };
}

const pickWeighted = (entries, total) => {
  let roll = Math.random() * total;
  for (const [kind, weight] of entries) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return entries.at(-1)[0];
};
const randomOf = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * Runs `concurrency` clients for `seconds`, each sending one request after another. Answers
 * `records` ({ kind, start, end, status, servedBy }; times from performance.now(), status 0 for
 * no answer at all), `paid` (every checkout answered as paid: { orderId, userId, issueId }) and
 * the buyers' final state. `at` schedules actions during the run: [{ second, action }].
 */
export async function runMixedTraffic(url, shoppers, { seconds, concurrency, weights = DEFAULT_WEIGHTS, at = [] }) {
  const records = [];
  const paid = [];
  const entries = Object.entries(weights).filter(([, w]) => w > 0);
  const weightOf = (list) => list.reduce((sum, [, w]) => sum + w, 0);
  const browsing = entries.filter(([kind]) => BROWSING.has(kind));
  const { buyers } = shoppers;
  const pages = Math.max(1, Math.ceil(shoppers.volumes.length / 12));
  const started = performance.now();
  const deadline = started + seconds * 1000;

  async function send(kind, path, init = {}) {
    const record = { kind, start: performance.now(), end: 0, status: 0, servedBy: null };
    records.push(record);
    let body = null;
    try {
      const response = await fetch(url + path, { ...init, signal: AbortSignal.timeout(30_000) });
      record.status = response.status;
      record.servedBy = response.headers.get('x-served-by');
      const type = response.headers.get('content-type') ?? '';
      body = type.includes('json') ? await response.json().catch(() => null) : await response.arrayBuffer();
    } catch (error) {
      record.error = error.cause?.code ?? error.name;
    }
    record.end = performance.now();
    return { status: record.status, body };
  }

  const postJson = (kind, path, payload, headers = {}) =>
    send(kind, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
    });

  async function checkout(buyer) {
    if (buyer.next >= shoppers.issues.length) return browse();
    const issue = shoppers.issues[(buyer.offset + buyer.next) % shoppers.issues.length];
    const key = `traffic-${buyer.id}-${buyer.next}`;
    buyer.next++;
    const payload = { carrito: [issue.id], id: buyer.paymentMethod, price: issue.cents };
    const headers = { ...buyer.headers, 'idempotency-key': key };
    for (let attempt = 0; attempt <= CHECKOUT_RETRIES; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, CHECKOUT_RETRY_DELAY_MS));
      const answer = await postJson(
        attempt === 0 ? 'checkout' : 'checkout retry',
        '/api/shop/checkout',
        payload,
        headers,
      );
      if (answer.status === 200 && answer.body?.status === 'paid') {
        paid.push({ orderId: answer.body.orderId, userId: buyer.id, issueId: issue.id });
        return;
      }
      // Only 'no answer' is worth asking again; any other answer is the attempt's result.
      if (answer.status !== 0 && answer.status < 500) return;
    }
  }

  /** A browsing request of `kind`, or of a kind drawn by weight (instead of a buyer's request nobody can make). */
  function browse(kind = pickWeighted(browsing, weightOf(browsing))) {
    const volume = randomOf(shoppers.volumes);
    if (kind === 'catalogue') return send(kind, `/api/comics?page=${1 + Math.floor(Math.random() * pages)}&limit=12`);
    if (kind === 'search') return send(kind, `/api/comics/search?name=${encodeURIComponent(randomOf(SEARCH_TERMS))}`);
    if (kind === 'comic') return send(kind, `/api/comics/${volume.id}`);
    if (kind === 'issues') return send(kind, `/api/comics/issues/${volume.id}`);
    return send('cover', volume.image);
  }

  async function client(w) {
    const mine = buyers.filter((_, i) => i % concurrency === w);
    for (let turn = 0; performance.now() < deadline; turn++) {
      const kind = pickWeighted(entries, weightOf(entries));
      const buyer = mine.length > 0 ? mine[turn % mine.length] : null;
      if (BROWSING.has(kind)) {
        await browse(kind);
      } else if (!buyer) {
        await browse();
      } else if (kind === 'checkout') {
        await checkout(buyer);
      } else if (kind === 'cart add') {
        // The issue this buyer pays for next: the checkout then takes it out of the cart.
        const issue = shoppers.issues[(buyer.offset + buyer.next) % shoppers.issues.length];
        await postJson('cart add', '/api/shop/cart', { comic: issue.id, userId: buyer.id }, buyer.headers);
      } else if (buyer.signIns < MAX_SIGN_INS_PER_BUYER) {
        buyer.signIns++;
        const answer = await postJson('sign-in', '/api/user/login', { email: buyer.email, password: buyer.password });
        if (answer.status === 200) buyer.headers = { authorization: `Bearer ${answer.body.token}` };
      } else {
        await browse();
      }
    }
  }

  const timers = at.map(({ second, action }) => setTimeout(action, second * 1000));
  await Promise.all(Array.from({ length: concurrency }, (_, w) => client(w)));
  timers.forEach(clearTimeout);
  return { records, paid, buyers, started, seconds: (performance.now() - started) / 1000 };
}

/** The value below which `q` of the sorted values fall. */
export function percentile(sorted, q) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Requests, requests/s, p50/p99 latency (ms) and status counts, overall and per kind. */
export function summarize(records, seconds) {
  const group = (list) => {
    const latencies = list.map((r) => r.end - r.start).sort((a, b) => a - b);
    const statuses = {};
    for (const r of list) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    return {
      requests: list.length,
      rps: list.length / seconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      statuses,
    };
  };
  const kinds = [...new Set(records.map((r) => r.kind))].sort();
  return {
    overall: group(records),
    kinds: Object.fromEntries(kinds.map((kind) => [kind, group(records.filter((r) => r.kind === kind))])),
  };
}
