// /portal/{id}: the customer portal (the plan, cancel or renew it, the invoices), for an
// hour after its session was made; /invoices/{id}: an invoice's page.
import { header } from '../../http.ts';
import type { Billing } from '../billing.ts';
import { STRIPE_MOUNT } from '../defaults.ts';
import { invoicePage, noticePage, pickLang, portalPage } from '../pages.ts';
import { nowSeconds, type StripeStore } from '../store.ts';
import { type PageRequest, redirect, sendHtml } from './html.ts';

const PORTAL_SESSION_SECONDS = 3600;

export function portalPages(store: StripeStore, billing: Billing, businessName: string) {
  const s = store.state;
  return function portal({ req, res, method, parts, url }: PageRequest) {
    const [id, step, subId, action] = parts;
    const portal = id ? s.portalSessions[id] : undefined;
    const lang = pickLang(portal?.locale, header(req, 'accept-language'));
    const notFound = () => sendHtml(res, 404, noticePage(lang, 'notFound', null));
    if (!portal || portal.created + PORTAL_SESSION_SECONDS < nowSeconds()) return notFound();
    const customer = s.customers[portal.customer];
    if (!customer) return notFound();
    const here = `${STRIPE_MOUNT}/portal/${encodeURIComponent(portal.id)}`;
    if (step === 'subscriptions' && subId && method === 'POST') {
      const sub = s.subscriptions[subId];
      if (!sub || sub.customer !== customer.id || sub.status === 'canceled') return notFound();
      if (action === 'cancel') billing.subscriptions.update(sub, { cancel_at_period_end: true });
      else if (action === 'renew') billing.subscriptions.update(sub, { cancel_at_period_end: false });
      else return notFound();
      return redirect(res, here);
    }
    if (step || (method !== 'GET' && method !== 'HEAD')) return notFound();
    const subscriptions = Object.values(s.subscriptions)
      .filter((x) => x.customer === customer.id && x.status !== 'canceled')
      .sort((a, b) => b.created - a.created);
    const invoices = Object.values(s.invoices)
      .filter((x) => x.customer === customer.id)
      .sort((a, b) => b.created - a.created);
    return sendHtml(
      res,
      200,
      portalPage({
        lang,
        business: businessName,
        base: STRIPE_MOUNT,
        portalId: portal.id,
        returnUrl: portal.return_url,
        customer,
        subscriptions,
        products: s.products,
        invoices,
        confirmCancel: url.searchParams.get('cancel'),
      }),
    );
  };
}

export function invoicePages(store: StripeStore, businessName: string) {
  return function invoice({ req, res, method, parts }: PageRequest) {
    const [id, step] = parts;
    const lang = pickLang(null, header(req, 'accept-language'));
    const inv = id && !step && (method === 'GET' || method === 'HEAD') ? store.state.invoices[id] : undefined;
    if (!inv) return sendHtml(res, 404, noticePage(lang, 'notFound', null));
    return sendHtml(res, 200, invoicePage(lang, inv, businessName));
  };
}
