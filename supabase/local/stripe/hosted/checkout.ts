// /checkout/{id}: the hosted checkout page (line items, total, card form) in the session's
// locale, Stripe's test cards, the 3D Secure test step, and the notices for an expired or
// paid session.
import { header } from '../../http.ts';
import type { Billing } from '../billing.ts';
import { cardOutcome } from '../cards.ts';
import { STRIPE_MOUNT } from '../defaults.ts';
import { authenticatePage, CARD_MESSAGES, checkoutPage, type Lang, noticePage, pickLang } from '../pages.ts';
import { type CheckoutSession, nowSeconds, type StripeStore } from '../store.ts';
import { field, type PageRequest, readForm, redirect, sendHtml } from './html.ts';

const checkoutUrl = (id: string, step = '') => `${STRIPE_MOUNT}/checkout/${encodeURIComponent(id)}${step}`;

export function checkoutPages(store: StripeStore, billing: Billing, businessName: string) {
  const s = store.state;
  const emailOf = (session: CheckoutSession) =>
    session.customer_email ?? (session.customer ? (s.customers[session.customer]?.email ?? null) : null);
  const successUrl = (session: CheckoutSession) =>
    (session.success_url ?? '').replace(/\{CHECKOUT_SESSION_ID\}/g, session.id);

  return async function checkout({ req, res, method, parts }: PageRequest) {
    const [id, step] = parts;
    const session = id ? s.sessions[id] : undefined;
    const lang: Lang = pickLang(session?.locale, header(req, 'accept-language'));
    if (!session) return sendHtml(res, 404, noticePage(lang, 'notFound', null));
    if (session.status === 'open' && session.expires_at <= nowSeconds()) billing.sessions.expire(session);
    if (session.status === 'expired')
      return sendHtml(res, 410, noticePage(lang, 'expired', session.cancel_url));
    if (session.status === 'complete')
      return sendHtml(res, 200, noticePage(lang, 'completed', successUrl(session)));
    const page = (
      status: number,
      error: string | null,
      values?: { email?: string; name?: string; expiry?: string },
    ) =>
      sendHtml(
        res,
        status,
        checkoutPage({
          session,
          business: businessName,
          lang,
          error,
          values,
          email: emailOf(session),
          action: checkoutUrl(session.id, '/pay'),
        }),
      );

    if (!step && (method === 'GET' || method === 'HEAD')) return page(200, null);
    if (step === 'pay' && method === 'POST') {
      const form = await readForm(req);
      const email = emailOf(session) ?? field(form, 'email').trim();
      const values = { email, name: field(form, 'name'), expiry: field(form, 'exp') };
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        return page(
          400,
          lang === 'el' ? 'Το email σας δεν είναι πλήρες.' : 'Your email is incomplete.',
          values,
        );
      }
      const outcome = cardOutcome({
        number: field(form, 'cardnumber'),
        expiry: field(form, 'exp'),
        cvc: field(form, 'cvc'),
      });
      if (outcome.kind === 'error') return page(400, CARD_MESSAGES[lang][outcome.message], values);
      if (outcome.kind === 'decline') {
        billing.sessions.decline(session, outcome, CARD_MESSAGES.en[outcome.message]);
        return page(402, CARD_MESSAGES[lang][outcome.message], values);
      }
      const card = {
        brand: outcome.brand,
        last4: outcome.last4,
        expMonth: outcome.expMonth,
        expYear: outcome.expYear,
      };
      if (outcome.kind === 'authenticate') {
        session._pending_card = { ...card, email, name: values.name || null };
        store.changed();
        return redirect(res, checkoutUrl(session.id, '/authenticate'));
      }
      billing.sessions.complete(session, card, { email, name: values.name || null });
      return redirect(res, successUrl(session));
    }
    if (step === 'authenticate') {
      const pending = session._pending_card;
      if (!pending) return redirect(res, checkoutUrl(session.id));
      if (method === 'GET' || method === 'HEAD') {
        return sendHtml(
          res,
          200,
          authenticatePage(session, businessName, lang, checkoutUrl(session.id, '/authenticate')),
        );
      }
      if (method === 'POST') {
        const form = await readForm(req);
        if (field(form, 'result') === 'complete') {
          billing.sessions.complete(session, pending, { email: pending.email, name: pending.name });
          return redirect(res, successUrl(session));
        }
        session._pending_card = null;
        store.changed();
        return page(402, CARD_MESSAGES[lang].authentication_failed, {
          email: pending.email ?? '',
          name: pending.name ?? '',
        });
      }
    }
    return sendHtml(res, 405, noticePage(lang, 'notFound', null));
  };
}
