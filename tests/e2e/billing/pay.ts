// Paying from outside a browser, for e2e set-up and the screenshot tool: a seller's checkout
// through the functions, paid on the Stripe stand-in's hosted page like a form post, then
// the webhooks awaited.
import type { StackInfo } from '../support/auth-api.ts';

export const TEST_CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authenticate: '4000 0025 0000 3155',
} as const;

async function invoke(stack: StackInfo, token: string, name: string, body: Record<string, unknown>) {
  const res = await fetch(`${stack.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: stack.anonKey, Authorization: `Bearer ${token}` },
    // one press, one request id, as the app sends (the paying functions require it)
    body: JSON.stringify({ request_id: crypto.randomUUID(), ...body }),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(json)}`);
  return json as { url: string; session_id: string };
}

/** Posts the checkout page's form with a card; resolves to where the stand-in sends the browser. */
export async function payCheckout(url: string, card: string = TEST_CARDS.visa): Promise<string | null> {
  const html = await (await fetch(url)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form on the checkout page');
  const res = await fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'seller@example.com',
      cardnumber: card,
      exp: '12 / 34',
      cvc: '123',
      name: 'Eleni Papadopoulou',
    }),
    redirect: 'manual',
  });
  return res.headers.get('location');
}

/** Waits until the stand-in has sent every webhook that is due. */
export async function webhooksSent(stack: StackInfo) {
  await fetch(`${stack.apiUrl}/_dev/stripe/dev/idle`, { method: 'POST' });
}

export async function buyPlanFor(
  stack: StackInfo,
  token: string,
  appUrl: string,
  plan: 'lite' | 'pro' | 'advanced',
) {
  const out = await invoke(stack, token, 'stripe-checkout', {
    plan,
    mode: 'subscription',
    metadata: { plan },
    success_url: `${appUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${appUrl}/pricing`,
  });
  await payCheckout(out.url);
  await webhooksSent(stack);
  return out.session_id;
}

export async function buyCreditsFor(stack: StackInfo, token: string, appUrl: string, credits: number) {
  const out = await invoke(stack, token, 'create-credit-checkout', {
    credits,
    currency: 'eur',
    success_url: `${appUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${appUrl}/pricing`,
  });
  await payCheckout(out.url);
  await webhooksSent(stack);
  return out.session_id;
}
