// The Stripe adapter and its webhook against a local HTTP server standing in for
// api.stripe.com: what is sent (form fields, idempotency key, secret key, API version), how
// Stripe's answers map (succeeded, 3-D Secure, declines, faults), and which webhook calls are
// believed. No database: nothing here stores anything.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { installErrorHandler } from '../../platform/http/errors';
import { GatewayUnavailableError, type ChargeRequest } from './gateway';
import { paymentRoutes } from './routes';
import { createStripeClient, STRIPE_API_VERSION, StripeGateway } from './stripe-gateway';
import type { PaymentIntentEvent } from './gateway';

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}
type Reply = { status: number; body: unknown };

const SECRET_KEY = 'sk_test_stand_in_key';
const WEBHOOK_SECRET = 'whsec_stand_in_secret';

let stripeApi: Server;
let apiUrl: string;
const calls: Call[] = [];
/** What the stand-in answers, one per request, in order. */
let replies: Reply[] = [];

beforeAll(async () => {
  stripeApi = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      calls.push({
        method: request.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        form: new URLSearchParams(body),
      });
      const reply = replies.shift() ?? {
        status: 418,
        body: { error: { type: 'invalid_request_error', message: 'The test queued no answer for this call.' } },
      };
      response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${calls.length}` });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => stripeApi.close(() => resolve())));

beforeEach(() => {
  calls.length = 0;
  replies = [];
});

const ok = (body: unknown): Reply => ({ status: 200, body });

const intent = (overrides: Record<string, unknown> = {}) => ({
  id: 'pi_123',
  object: 'payment_intent',
  amount: 1299,
  currency: 'usd',
  status: 'succeeded',
  client_secret: 'pi_123_secret_abc',
  metadata: { order_id: '42', user_id: '7' },
  last_payment_error: null,
  latest_charge: {
    id: 'ch_1',
    object: 'charge',
    payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', funding: 'credit' } },
  },
  ...overrides,
});

const request: ChargeRequest = {
  amountCents: 1299,
  currency: 'usd',
  paymentMethodId: 'pm_card_visa',
  idempotencyKey: 'u7:attempt-0001',
  orderId: 42,
  userId: 7,
  description: 'Comics Shop order #42',
  receiptEmail: 'buyer@example.com',
};

const gatewayAt = (url: string, maxNetworkRetries?: number) =>
  new StripeGateway(
    createStripeClient({
      secretKey: SECRET_KEY,
      apiUrl: url,
      ...(maxNetworkRetries === undefined ? {} : { maxNetworkRetries }),
    }),
  );

describe('charge', () => {
  it('creates a confirmed PaymentIntent with the order key, and answers the card of its charge', async () => {
    replies = [ok(intent())];
    const result = await gatewayAt(apiUrl).charge(request);
    expect(result).toEqual({
      status: 'succeeded',
      reference: 'pi_123',
      card: { brand: 'visa', last4: '4242', funding: 'credit' },
    });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.method).toBe('POST');
    expect(call!.path).toBe('/v1/payment_intents');
    expect(call!.headers['idempotency-key']).toBe('u7:attempt-0001');
    expect(call!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call!.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(call!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(call!.form)).toEqual({
      amount: '1299',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'metadata[order_id]': '42',
      'metadata[user_id]': '7',
      description: 'Comics Shop order #42',
      receipt_email: 'buyer@example.com',
      'expand[0]': 'latest_charge',
    });
  });

  it('reads the card from the charge when Stripe did not expand it', async () => {
    replies = [
      ok(intent({ latest_charge: 'ch_2' })),
      ok({
        id: 'ch_2',
        object: 'charge',
        payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444', funding: 'debit' } },
      }),
    ];
    expect(await gatewayAt(apiUrl).charge(request)).toMatchObject({
      card: { brand: 'mastercard', last4: '4444', funding: 'debit' },
    });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /v1/payment_intents',
      'GET /v1/charges/ch_2',
    ]);
  });

  it('answers 3-D Secure with the client secret', async () => {
    replies = [
      ok(intent({ id: 'pi_3ds', status: 'requires_action', client_secret: 'pi_3ds_secret_x', latest_charge: null })),
    ];
    expect(await gatewayAt(apiUrl).charge(request)).toEqual({
      status: 'requires_action',
      reference: 'pi_3ds',
      clientSecret: 'pi_3ds_secret_x',
    });
  });

  it("answers a card decline (402) as failed with Stripe's message, without retrying", async () => {
    replies = [
      {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
            payment_intent: intent({ id: 'pi_declined', status: 'requires_payment_method', latest_charge: null }),
          },
        },
      },
    ];
    expect(await gatewayAt(apiUrl).charge(request)).toEqual({
      status: 'failed',
      reference: 'pi_declined',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(calls).toHaveLength(1);
  });

  it('answers an unknown payment method as payment_method_not_found', async () => {
    replies = [
      {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'payment_method',
            message: "No such PaymentMethod: 'pm_nope'",
          },
        },
      },
    ];
    expect(await gatewayAt(apiUrl).charge(request)).toEqual({
      status: 'failed',
      reference: null,
      code: 'payment_method_not_found',
      message: 'This payment method does not exist.',
    });
  });

  it('throws GatewayUnavailableError on a 500, after retrying with the same key', async () => {
    const fault: Reply = { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong.' } } };
    replies = [fault, fault, fault];
    await expect(gatewayAt(apiUrl).charge(request)).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(calls).toHaveLength(3);
    for (const call of calls) expect(call.headers['idempotency-key']).toBe('u7:attempt-0001');
  });

  it('throws GatewayUnavailableError when a retry still finds Stripe rate-limiting', async () => {
    const limited: Reply = {
      status: 429,
      body: { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' } },
    };
    replies = [limited];
    await expect(gatewayAt(apiUrl, 0).charge(request)).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('throws GatewayUnavailableError when Stripe cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const attempt = gatewayAt(`http://127.0.0.1:${port}`, 0).charge(request);
    await expect(attempt).rejects.toBeInstanceOf(GatewayUnavailableError);
    await expect(attempt).rejects.toMatchObject({
      gateway: 'stripe',
      cause: expect.any(Stripe.errors.StripeConnectionError),
    });
  });
});

describe('lookup and cancel', () => {
  const lookup = { idempotencyKey: 'u7:attempt-0001', orderId: 42, reference: null };

  it('retrieves the PaymentIntent by reference when known', async () => {
    replies = [ok(intent())];
    expect(await gatewayAt(apiUrl).lookup({ ...lookup, reference: 'pi_123' })).toMatchObject({
      status: 'succeeded',
      reference: 'pi_123',
    });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.path).toBe('/v1/payment_intents/pi_123');
    expect(calls[0]!.query.get('expand[0]')).toBe('latest_charge');
  });

  it("searches by the order's metadata otherwise, the charged intent first", async () => {
    replies = [
      ok({
        object: 'search_result',
        url: '/v1/payment_intents/search',
        has_more: false,
        data: [intent({ id: 'pi_old', status: 'canceled', latest_charge: null }), intent({ id: 'pi_paid' })],
      }),
    ];
    expect(await gatewayAt(apiUrl).lookup(lookup)).toMatchObject({ status: 'succeeded', reference: 'pi_paid' });
    expect(calls[0]!.path).toBe('/v1/payment_intents/search');
    expect(calls[0]!.query.get('query')).toBe("metadata['order_id']:'42'");
    expect(calls[0]!.query.get('expand[0]')).toBe('data.latest_charge');
  });

  it('answers null for a charge that never reached Stripe', async () => {
    replies = [
      ok({ object: 'search_result', url: '/v1/payment_intents/search', has_more: false, data: [] }),
      {
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
      },
    ];
    expect(await gatewayAt(apiUrl).lookup(lookup)).toBeNull();
    expect(await gatewayAt(apiUrl).lookup({ ...lookup, reference: 'pi_gone' })).toBeNull();
  });

  it('answers a declined intent as failed and a processing one as not known yet', async () => {
    replies = [
      ok(
        intent({
          status: 'requires_payment_method',
          latest_charge: null,
          last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        }),
      ),
      ok(intent({ status: 'processing', latest_charge: null })),
    ];
    expect(await gatewayAt(apiUrl).lookup({ ...lookup, reference: 'pi_123' })).toEqual({
      status: 'failed',
      reference: 'pi_123',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    await expect(gatewayAt(apiUrl).lookup({ ...lookup, reference: 'pi_123' })).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
  });

  it('cancels a PaymentIntent', async () => {
    replies = [ok(intent({ status: 'canceled' }))];
    await gatewayAt(apiUrl).cancel('pi_123');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /v1/payment_intents/pi_123/cancel']);
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  let app: FastifyInstance;
  let unwired: FastifyInstance;
  const events: PaymentIntentEvent[] = [];

  /** The payments plugin in Stripe mode, on a bare Fastify with the API's error handling. */
  async function appWith(onPaymentIntent?: (event: PaymentIntentEvent) => Promise<void>) {
    const instance = fastify().withTypeProvider();
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    installErrorHandler(instance);
    await instance.register(paymentRoutes, {
      prefix: '/api',
      config: { paymentGateway: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
      gateway: gatewayAt(apiUrl),
      onPaymentIntent,
    });
    return instance;
  }

  beforeAll(async () => {
    app = await appWith(async (event) => void events.push(event));
    unwired = await appWith();
  });
  afterAll(async () => {
    await app.close();
    await unwired.close();
  });
  beforeEach(() => {
    events.length = 0;
  });

  const eventBody = (type: string, object: Record<string, unknown>) =>
    // Indented on purpose: only the bytes as sent verify, not a re-serialisation of them.
    JSON.stringify({ id: 'evt_1', object: 'event', api_version: STRIPE_API_VERSION, type, data: { object } }, null, 2);
  const signed = (payload: string, options: { timestamp?: number; secret?: string } = {}) => ({
    'stripe-signature': Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    }),
  });
  const send = (target: FastifyInstance, payload: string, headers: Record<string, string>) =>
    target.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    });

  it('hands a signed payment_intent.succeeded to checkout, with the card read from Stripe', async () => {
    const payload = eventBody('payment_intent.succeeded', intent({ id: 'pi_w', latest_charge: 'ch_w' }));
    replies = [ok(intent({ id: 'pi_w' }))];
    const res = await send(app, payload, signed(payload));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(events).toEqual([
      {
        reference: 'pi_w',
        orderId: 42,
        status: 'succeeded',
        card: { brand: 'visa', last4: '4242', funding: 'credit' },
      },
    ]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /v1/payment_intents/pi_w']);
  });

  it("hands a payment_intent.payment_failed with Stripe's decline code and message", async () => {
    const payload = eventBody(
      'payment_intent.payment_failed',
      intent({
        id: 'pi_f',
        status: 'requires_payment_method',
        latest_charge: 'ch_f',
        metadata: { order_id: 'not-ours' },
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      }),
    );
    const res = await send(app, payload, signed(payload));
    expect(res.statusCode, res.body).toBe(200);
    expect(events).toEqual([
      {
        reference: 'pi_f',
        orderId: null,
        status: 'failed',
        code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    ]);
    expect(calls).toHaveLength(0);
  });

  it('acknowledges other events without acting', async () => {
    const payload = eventBody('charge.refunded', { id: 'ch_1', object: 'charge' });
    const res = await send(app, payload, signed(payload));
    expect(res.statusCode).toBe(200);
    expect(events).toEqual([]);
  });

  it('refuses a tampered body, a stale or foreign signature, and a missing header with 400', async () => {
    const payload = eventBody('payment_intent.succeeded', intent({ id: 'pi_t' }));
    const tampered = payload.replace('"amount": 1299', '"amount": 1');
    expect(tampered).not.toBe(payload);
    const now = Math.floor(Date.now() / 1000);
    const answers = [
      await send(app, tampered, signed(payload)),
      await send(app, payload, signed(payload, { timestamp: now - 301 })),
      await send(app, payload, signed(payload, { secret: 'whsec_someone_else' })),
      await send(app, payload, {}),
      await send(app, payload, { 'stripe-signature': 'garbage' }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(ERROR_CODES.invalidSignature);
    }
    expect(events).toEqual([]);
    // Four minutes old is within Stripe's tolerance.
    expect((await send(app, payload, signed(payload, { timestamp: now - 240 }))).statusCode).toBe(200);
  });

  it('answers 503 to a payment event while checkout has not wired a handler, so Stripe retries', async () => {
    const payload = eventBody('payment_intent.succeeded', intent({ id: 'pi_u' }));
    const res = await send(unwired, payload, signed(payload));
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe(ERROR_CODES.notReady);
  });

  it('is served only with a signing secret', async () => {
    const instance = fastify();
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    await instance.register(paymentRoutes, {
      prefix: '/api',
      config: { paymentGateway: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: undefined },
      gateway: gatewayAt(apiUrl),
    });
    await instance.ready();
    expect(instance.printRoutes()).not.toContain('webhook');
    expect(app.printRoutes()).toContain('webhook');
    await instance.close();
  });
});
