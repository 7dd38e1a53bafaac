// The buying path under load, for `npm run bench`: signed-in reads (profile, cart, favourites,
// purchases, a reading app's My comics) and checkouts with the sandbox gateway, many buyers in parallel. Used by run.mjs
// against a server it started (on PostgreSQL or the embedded PGlite).

/** Signs up and signs in `count` buyers (a few at a time: each login is a deliberate scrypt). */
export async function createBuyers(url, count, tag) {
  const buyers = [];
  const one = async (i) => {
    const email = `bench-${tag}-${Date.now()}-${i}@example.com`;
    const password = 'bench-password';
    await postJson(url, '/api/user/signup', { username: `Buyer ${i}`, email, password, repeatpassword: password });
    const login = await postJson(url, '/api/user/login', { email, password });
    const headers = { authorization: `Bearer ${login.token}` };
    const method = await postJson(
      url,
      '/api/payments/sandbox/payment-methods',
      { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
      headers,
    );
    return { id: login.id, email, password, headers, paymentMethod: method.id };
  };
  for (let i = 0; i < count; i += 4) {
    buyers.push(...(await Promise.all([i, i + 1, i + 2, i + 3].filter((n) => n < count).map(one))));
  }
  return buyers;
}

export async function postJson(url, path, body, headers = {}) {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Issues on sale, with their prices in cents, from the public API (volume by volume). */
export async function issuesOnSale(url, volumeIds, wanted) {
  const found = [];
  for (const volumeId of volumeIds) {
    const issues = await fetch(`${url}/api/comics/issues/${volumeId}`).then((r) => (r.ok ? r.json() : []));
    for (const issue of issues)
      if (issue.price >= 0.5) found.push({ id: issue.id, cents: Math.round(issue.price * 100) });
    if (found.length >= wanted) break;
  }
  return found.slice(0, wanted);
}

/** A buyer's cart, favourites and one purchase, so the signed-in reads answer real content. */
export async function furnish(url, buyer, issues) {
  const [first, second, third, ...rest] = issues;
  await postJson(
    url,
    '/api/shop/checkout',
    { carrito: [first.id], id: buyer.paymentMethod, price: first.cents },
    buyer.headers,
  );
  await postJson(url, '/api/shop/cart/bulk', { comics: [second.id, third.id], userId: buyer.id }, buyer.headers);
  for (const issue of [second, ...rest.slice(0, 3)]) {
    await postJson(url, '/api/fav', { issuesId: issue.id, userId: buyer.id }, buyer.headers);
  }
}

export const signedInReads = (buyer) => [
  ['signed in: GET /api/user/me', ['/api/user/me']],
  ['signed in: cart', [`/api/shop/cart/${buyer.id}/carrito`]],
  ['signed in: favourites', [`/api/fav/${buyer.id}`]],
  ['signed in: purchases', [`/api/shop/cart/${buyer.id}/comprado`]],
  ['signed in: OPDS 2.0 My comics', ['/opds/v2/library']],
];

/**
 * The reader's reads of an issue the buyer owns: its pages listing (public, cached), the buyer's
 * access (signed in: ownership, token, saved page) and page images past the preview at 1280 px,
 * opened by the signed token and read from the media storage (drawn once by the warm-up).
 */
export async function readerReads(url, buyer, issueId) {
  const pages = await fetch(`${url}/api/issues/${issueId}/pages`).then((r) => r.json());
  const access = await fetch(`${url}/api/user/reading/${issueId}`, { headers: buyer.headers }).then((r) => r.json());
  if (!access.token) throw new Error(`the bench buyer does not own issue ${issueId}`);
  const images = pages.pages
    .filter((page) => page.number > pages.previewPages && page.widths.includes(1280))
    .slice(0, 8)
    .map((page) => `${pages.pagesBase}/${page.number}-1280.webp?t=${encodeURIComponent(access.token)}`);
  return [
    ['reader: pages listing', [`/api/issues/${issueId}/pages`]],
    ['reader: access (signed in)', [`/api/user/reading/${issueId}`]],
    ['reader: page image past the preview', images],
  ];
}

/**
 * Checkouts for `seconds`: each of `concurrency` workers owns its buyers and pays for one issue
 * after another (a buyer has one payment in flight at a time, as in a browser). Answers orders/s,
 * latency percentiles and every non-200 answer.
 */
export async function checkoutStorm(url, buyers, issues, { seconds, concurrency }) {
  const latencies = [];
  const failures = {};
  let orders = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async (w) => {
    const mine = buyers.filter((_, i) => i % concurrency === w);
    const nextIssue = new Map(mine.map((buyer) => [buyer.id, 0]));
    for (let turn = 0; performance.now() < deadline; turn++) {
      const buyer = mine[turn % mine.length];
      const index = nextIssue.get(buyer.id);
      if (index >= issues.length) break;
      nextIssue.set(buyer.id, index + 1);
      const issue = issues[index];
      const started = performance.now();
      const response = await fetch(`${url}/api/shop/checkout`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': `bench-${buyer.id}-${index}`,
          ...buyer.headers,
        },
        body: JSON.stringify({ carrito: [issue.id], id: buyer.paymentMethod, price: issue.cents }),
      });
      const answer = await response.json();
      latencies.push(performance.now() - started);
      if (response.status === 200 && answer.status === 'paid') orders++;
      else
        failures[`${response.status} ${answer.code ?? answer.status}`] =
          (failures[`${response.status} ${answer.code ?? answer.status}`] ?? 0) + 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { ordersPerSecond: orders / elapsed, orders, p50: at(0.5), p99: at(0.99), failures };
}

/** Charges that should not exist: more succeeded charges than paid orders, or an issue paid twice. */
export const duplicateChargesQuery = `
  select
    (select count(*) from sandbox_charges where status = 'succeeded')::int as charges,
    (select count(*) from orders where status = 'paid')::int as paid_orders,
    (select count(*) from (
       select o.user_id, i.issue_id from orders o join order_items i on i.order_id = o.id
       where o.status = 'paid' group by 1, 2 having count(*) > 1) twice)::int as issues_paid_twice`;
