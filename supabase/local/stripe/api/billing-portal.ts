// /v1/billing_portal/sessions: create (customer, return_url, locale); the page works for an hour.
import { absoluteUrl, requiredStr, str } from '../form.ts';
import { publicView } from '../errors.ts';
import { newId, nowSeconds, type PortalSession } from '../store.ts';
import type { Route } from './context.ts';
import { allowOnly, LOCALES, oneOf } from './params.ts';

export const billingPortal: Route = (ctx, { method, parts, form }) => {
  const [kind, id] = parts;
  if (kind !== 'sessions' || id || method !== 'POST') return null;
  allowOnly(form, { customer: true, return_url: true, locale: true });
  oneOf(str(form, 'locale'), LOCALES, 'locale');
  const customer = ctx.billing.customers.get(requiredStr(form, 'customer'), 'customer');
  const portalId = newId('bps', 24);
  const portal: PortalSession = {
    id: portalId,
    object: 'billing_portal.session',
    created: nowSeconds(),
    customer: customer.id,
    return_url: absoluteUrl(form, 'return_url', false),
    url: `${ctx.base}/portal/${portalId}`,
    locale: str(form, 'locale') || null,
    livemode: false,
    configuration: 'bpc_local_default',
    flow: null,
    on_behalf_of: null,
  };
  ctx.store.state.portalSessions[portalId] = portal;
  ctx.store.changed();
  return [200, publicView(portal)];
};
