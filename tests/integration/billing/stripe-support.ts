// The official `stripe` package against the stack's Stripe stand-in (/_dev/stripe), the
// hosted checkout page driven like a browser form, and the stand-in's dev API (events,
// deliveries, renewals) for tests of paying.
import Stripe from 'stripe';
import { stripeConnection } from '../../../supabase/functions/_shared/billing/stripe-client.ts';
import { localStripeKey, localWebhookSecret } from '../../../supabase/local/stripe/defaults.ts';
import { stack } from '../../support/clients.ts';

export const standInUrl = () => `${stack().url}/_dev/stripe`;

/** An SDK client as the functions make it, pointed at the stand-in. */
export function stripeSdk(key = localStripeKey()): Stripe {
  const connection = stripeConnection(standInUrl());
  return new Stripe(key, {
    ...connection.options,
    httpClient: Stripe.createFetchHttpClient(connection.fetch),
    maxNetworkRetries: 0,
  });
}

export const webhookSecret = () => localWebhookSecret(stack().jwtSecret);

export interface Card {
  number: string;
  exp?: string;
  cvc?: string;
  name?: string;
  email?: string;
}

export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authenticate: '4000 0025 0000 3155',
} as const;

/** Submits the hosted checkout page's form as a browser would; answers the status, Location and page text. */
export async function payOnCheckoutPage(sessionUrl: string, card: Card) {
  const page = await fetch(sessionUrl);
  if (page.status !== 200) throw new Error(`checkout page answered ${page.status}`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form on the checkout page');
  const form = new URLSearchParams({
    email: card.email ?? 'seller@example.com',
    cardnumber: card.number,
    exp: card.exp ?? '12 / 34',
    cvc: card.cvc ?? '123',
    name: card.name ?? 'Eleni Papadopoulou',
  });
  const res = await fetch(new URL(action.replace(/&amp;/g, '&'), sessionUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), text: unescapeHtml(await res.text()) };
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The 3D Secure test page's answer: complete or fail. */
export async function authenticate(sessionUrl: string, result: 'complete' | 'fail') {
  const res = await fetch(`${sessionUrl}/authenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ result }),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), text: unescapeHtml(await res.text()) };
}

async function dev(path: string, method = 'POST') {
  const res = await fetch(`${standInUrl()}/dev/${path}`, { method });
  const body = await res.json();
  if (!res.ok) throw new Error(`dev ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Waits until the stand-in has attempted every delivery that is due. */
export const deliveriesDone = () => dev('idle');

export type DevEvent = Stripe.Event & {
  delivery: { state: string; attempts: { status: number | null; error: string | null }[] } | null;
};

export const devEvents = async (type?: string): Promise<DevEvent[]> =>
  dev(`events${type ? `?type=${encodeURIComponent(type)}` : ''}`, 'GET');
export const resendEvent = (id: string): Promise<DevEvent> => dev(`events/${id}/resend`);
export const renewSubscription = (id: string) => dev(`subscriptions/${id}/renew`);
export const failRenewal = (id: string) => dev(`subscriptions/${id}/fail`);

/** The events about one checkout session's customer, oldest first. */
export async function eventsFor(predicate: (e: DevEvent) => boolean): Promise<DevEvent[]> {
  return (await devEvents()).filter(predicate).reverse();
}

/** Posts a payload to the stack's stripe-webhook with a signature made by the SDK. */
export async function postWebhook(payload: string, secret = webhookSecret(), header?: string) {
  const signature = header ?? (await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret }));
  const res = await fetch(`${stack().url}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}
