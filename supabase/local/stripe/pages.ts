// The stand-in's hosted pages, in English and Greek (the session's locale, else the
// browser's): checkout (line items, total, card form), the 3D Secure test step, the customer
// portal (plan, cancel or renew, invoices) and short notices. Plain HTML forms: they work
// without script, and tests fill them like a person.
import { formatMoney } from './billing/periods.ts';
import type { MessageKey } from './cards.ts';
import type { CheckoutSession, Customer, Invoice, Price, Product, Subscription } from './store.ts';

export type Lang = 'en' | 'el';

const esc = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const WORDS = {
  en: {
    testMode: 'Test mode',
    back: 'Back',
    subscribeTo: (name: string) => `Subscribe to ${name}`,
    payBusiness: (name: string) => `Pay ${name}`,
    perMonth: 'per month',
    perInterval: (interval: string) => `per ${interval}`,
    qty: (n: number) => `Qty ${n}`,
    billedMonthly: 'Billed monthly',
    subtotal: 'Subtotal',
    totalDueToday: 'Total due today',
    contact: 'Contact information',
    email: 'Email',
    paymentMethod: 'Payment method',
    cardInformation: 'Card information',
    cardNumber: 'Card number',
    expiry: 'Expiration date (MM / YY)',
    cvc: 'Security code (CVC)',
    cardholder: 'Cardholder name',
    subscribe: 'Subscribe',
    pay: 'Pay',
    testCards:
      'Test mode: no real card is charged. Use 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) or 4000 0025 0000 3155 (asks for authentication), with any future date and any CVC.',
    standIn: 'Local Stripe stand-in',
    authTitle: '3D Secure 2 test page',
    authText: (amount: string, name: string) =>
      `Your bank asks you to confirm the payment of ${amount} to ${name}. In test mode, choose how the authentication ends.`,
    complete: 'Complete authentication',
    failAuth: 'Fail authentication',
    expired: 'This checkout session has expired',
    expiredText: 'Go back and start the purchase again.',
    completed: 'This checkout session is already complete',
    completedText: 'Your payment went through.',
    continue: 'Continue',
    notFound: 'Page not found',
    notFoundText: 'This link is not valid or has expired.',
    portalTitle: 'Billing',
    returnTo: (name: string) => `Return to ${name}`,
    currentPlan: 'Current plan',
    renewsOn: (date: string) => `Your plan renews on ${date}.`,
    cancelsOn: (date: string) => `Your plan will be canceled on ${date}.`,
    pastDue: 'Your last payment failed. We will try again; update your card to keep the plan.',
    cancelPlan: 'Cancel plan',
    renewPlan: 'Renew plan',
    noPlan: 'You have no active plan.',
    confirmCancel: 'Confirm cancellation',
    confirmCancelText: (date: string) =>
      `Your plan will be canceled, but it stays available until the end of your billing period on ${date}.`,
    goBack: 'Go back',
    billingInfo: 'Billing information',
    invoiceHistory: 'Invoice history',
    noInvoices: 'No invoices yet.',
    paid: 'Paid',
    open: 'Open',
    void: 'Void',
    invoice: 'Invoice',
    amount: 'Amount',
    date: 'Date',
    status: 'Status',
    period: 'Period',
    card: (brand: string, last4: string) => `${brand.toUpperCase()} •••• ${last4}`,
  },
  el: {
    testMode: 'Δοκιμαστική λειτουργία',
    back: 'Πίσω',
    subscribeTo: (name: string) => `Συνδρομή στο ${name}`,
    payBusiness: (name: string) => `Πληρωμή στο ${name}`,
    perMonth: 'ανά μήνα',
    perInterval: (interval: string) =>
      interval === 'year'
        ? 'ανά έτος'
        : interval === 'week'
          ? 'ανά εβδομάδα'
          : interval === 'day'
            ? 'ανά ημέρα'
            : 'ανά μήνα',
    qty: (n: number) => `Ποσότητα ${n}`,
    billedMonthly: 'Χρέωση κάθε μήνα',
    subtotal: 'Υποσύνολο',
    totalDueToday: 'Σύνολο για πληρωμή σήμερα',
    contact: 'Στοιχεία επικοινωνίας',
    email: 'Email',
    paymentMethod: 'Τρόπος πληρωμής',
    cardInformation: 'Στοιχεία κάρτας',
    cardNumber: 'Αριθμός κάρτας',
    expiry: 'Ημερομηνία λήξης (ΜΜ / ΕΕ)',
    cvc: 'Κωδικός ασφαλείας (CVC)',
    cardholder: 'Όνομα κατόχου κάρτας',
    subscribe: 'Εγγραφή συνδρομής',
    pay: 'Πληρωμή',
    testCards:
      'Δοκιμαστική λειτουργία: δεν χρεώνεται καμία πραγματική κάρτα. Χρησιμοποιήστε 4242 4242 4242 4242 (επιτυχία), 4000 0000 0000 0002 (απόρριψη) ή 4000 0025 0000 3155 (ζητά επιβεβαίωση), με οποιαδήποτε μελλοντική ημερομηνία και οποιοδήποτε CVC.',
    standIn: 'Τοπικό υποκατάστατο του Stripe',
    authTitle: 'Δοκιμαστική σελίδα 3D Secure 2',
    authText: (amount: string, name: string) =>
      `Η τράπεζά σας ζητά να επιβεβαιώσετε την πληρωμή ${amount} στο ${name}. Σε δοκιμαστική λειτουργία, επιλέξτε πώς τελειώνει η επιβεβαίωση.`,
    complete: 'Ολοκλήρωση επιβεβαίωσης',
    failAuth: 'Αποτυχία επιβεβαίωσης',
    expired: 'Αυτή η συνεδρία πληρωμής έχει λήξει',
    expiredText: 'Επιστρέψτε και ξεκινήστε ξανά την αγορά.',
    completed: 'Αυτή η συνεδρία πληρωμής έχει ήδη ολοκληρωθεί',
    completedText: 'Η πληρωμή σας ολοκληρώθηκε.',
    continue: 'Συνέχεια',
    notFound: 'Η σελίδα δεν βρέθηκε',
    notFoundText: 'Ο σύνδεσμος δεν είναι έγκυρος ή έχει λήξει.',
    portalTitle: 'Χρεώσεις',
    returnTo: (name: string) => `Επιστροφή στο ${name}`,
    currentPlan: 'Τρέχον πακέτο',
    renewsOn: (date: string) => `Το πακέτο σας ανανεώνεται στις ${date}.`,
    cancelsOn: (date: string) => `Το πακέτο σας θα ακυρωθεί στις ${date}.`,
    pastDue:
      'Η τελευταία πληρωμή σας απέτυχε. Θα γίνει νέα προσπάθεια· ενημερώστε την κάρτα σας για να κρατήσετε το πακέτο.',
    cancelPlan: 'Ακύρωση πακέτου',
    renewPlan: 'Ανανέωση πακέτου',
    noPlan: 'Δεν έχετε ενεργό πακέτο.',
    confirmCancel: 'Επιβεβαίωση ακύρωσης',
    confirmCancelText: (date: string) =>
      `Το πακέτο σας θα ακυρωθεί, αλλά παραμένει διαθέσιμο μέχρι το τέλος της περιόδου χρέωσης στις ${date}.`,
    goBack: 'Πίσω',
    billingInfo: 'Στοιχεία χρέωσης',
    invoiceHistory: 'Ιστορικό τιμολογίων',
    noInvoices: 'Δεν υπάρχουν ακόμη τιμολόγια.',
    paid: 'Πληρώθηκε',
    open: 'Ανοιχτό',
    void: 'Άκυρο',
    invoice: 'Τιμολόγιο',
    amount: 'Ποσό',
    date: 'Ημερομηνία',
    status: 'Κατάσταση',
    period: 'Περίοδος',
    card: (brand: string, last4: string) => `${brand.toUpperCase()} •••• ${last4}`,
  },
} as const;

/** Stripe's messages for card errors and declines. */
export const CARD_MESSAGES: Record<Lang, Record<MessageKey, string>> = {
  en: {
    card_declined: 'Your card was declined.',
    insufficient_funds: 'Your card has insufficient funds.',
    expired_card: 'Your card has expired.',
    incorrect_cvc: "Your card's security code is incorrect.",
    processing_error: 'An error occurred while processing your card. Try again in a little bit.',
    live_card:
      'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    authentication_failed:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    invalid_number: 'Your card number is invalid.',
    incomplete_number: 'Your card number is incomplete.',
    incomplete_expiry: "Your card's expiration date is incomplete.",
    invalid_expiry_year_past: "Your card's expiration year is in the past.",
    invalid_expiry_month: "Your card's expiration date is invalid.",
    incomplete_cvc: "Your card's security code is incomplete.",
  },
  el: {
    card_declined: 'Η κάρτα σας απορρίφθηκε.',
    insufficient_funds: 'Η κάρτα σας δεν έχει επαρκές υπόλοιπο.',
    expired_card: 'Η κάρτα σας έχει λήξει.',
    incorrect_cvc: 'Ο κωδικός ασφαλείας της κάρτας σας είναι λανθασμένος.',
    processing_error: 'Παρουσιάστηκε σφάλμα κατά την επεξεργασία της κάρτας σας. Δοκιμάστε ξανά σε λίγο.',
    live_card:
      'Η κάρτα σας απορρίφθηκε. Το αίτημα έγινε σε δοκιμαστική λειτουργία, αλλά με πραγματική κάρτα. Χρησιμοποιήστε μια δοκιμαστική κάρτα: https://stripe.com/docs/testing.',
    authentication_failed:
      'Δεν μπορούμε να επιβεβαιώσουμε τον τρόπο πληρωμής σας. Επιλέξτε άλλον τρόπο πληρωμής και δοκιμάστε ξανά.',
    invalid_number: 'Ο αριθμός της κάρτας σας δεν είναι έγκυρος.',
    incomplete_number: 'Ο αριθμός της κάρτας σας είναι ελλιπής.',
    incomplete_expiry: 'Η ημερομηνία λήξης της κάρτας σας είναι ελλιπής.',
    invalid_expiry_year_past: 'Το έτος λήξης της κάρτας σας έχει περάσει.',
    invalid_expiry_month: 'Η ημερομηνία λήξης της κάρτας σας δεν είναι έγκυρη.',
    incomplete_cvc: 'Ο κωδικός ασφαλείας της κάρτας σας είναι ελλιπής.',
  },
};

/** The session's locale, else the browser's first language when it is Greek. */
export function pickLang(locale: string | null | undefined, acceptLanguage: string | undefined): Lang {
  if (locale && locale !== 'auto') return locale.toLowerCase().startsWith('el') ? 'el' : 'en';
  return /^\s*el\b/i.test(acceptLanguage ?? '') ? 'el' : 'en';
}

const STYLE = `
  :root { color-scheme: light; --ink: #1a1f36; --muted: #697386; --line: #e3e8ee; --bg: #f6f9fc; --accent: #635bff; --danger: #df1b41; }
  * { box-sizing: border-box; }
  /* a phone's 390 px: grid cells and inputs may shrink below their content's natural width */
  .wrap > *, .row > *, form > *, label { min-width: 0; }
  input { width: 100%; min-width: 0; }
  body { overflow-wrap: anywhere; }
  body { margin: 0; font: 15px/1.5 -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif; color: var(--ink); background: #fff; }
  .wrap { display: grid; grid-template-columns: 1fr 1fr; min-height: 100vh; }
  .summary { background: var(--bg); padding: 48px 56px; border-right: 1px solid var(--line); }
  .pane { padding: 48px 56px; max-width: 520px; }
  @media (max-width: 860px) { .wrap { grid-template-columns: 1fr; } .summary, .pane { padding: 24px 20px; border-right: 0; } .pane { max-width: none; } }
  .top { display: flex; align-items: center; gap: 12px; margin-bottom: 28px; }
  .top a { color: var(--ink); text-decoration: none; font-weight: 600; }
  .badge { font-size: 12px; font-weight: 600; color: #a04a00; background: #ffde92; border-radius: 4px; padding: 1px 6px; text-transform: uppercase; }
  h1 { font-size: 16px; font-weight: 500; color: var(--muted); margin: 0 0 4px; }
  .big { font-size: 34px; font-weight: 650; margin: 0; letter-spacing: -0.02em; }
  .big small { font-size: 15px; font-weight: 500; color: var(--muted); margin-left: 6px; }
  ul.items { list-style: none; padding: 0; margin: 28px 0 0; }
  ul.items li { display: flex; justify-content: space-between; gap: 16px; padding: 12px 0; border-bottom: 1px solid var(--line); }
  .item-name { font-weight: 600; }
  .muted { color: var(--muted); font-size: 13px; }
  .total { display: flex; justify-content: space-between; padding: 14px 0; font-weight: 650; }
  form { display: grid; gap: 14px; }
  h2 { font-size: 17px; margin: 8px 0 0; }
  label { display: grid; gap: 4px; font-size: 13px; color: #3c4257; font-weight: 500; }
  input { font: inherit; padding: 10px 12px; border: 1px solid #d5dbe1; border-radius: 6px; box-shadow: 0 1px 1px rgba(0,0,0,.03); }
  input:focus { outline: 2px solid rgba(99,91,255,.45); border-color: var(--accent); }
  input[aria-invalid=true] { border-color: var(--danger); }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  button, .button { font: inherit; font-weight: 600; padding: 12px 16px; border: 0; border-radius: 6px; background: var(--accent); color: #fff; cursor: pointer; text-align: center; text-decoration: none; display: inline-block; }
  button.secondary, .button.secondary { background: #fff; color: var(--ink); border: 1px solid #d5dbe1; }
  button.danger { background: var(--danger); }
  .error { color: var(--danger); background: #fff0f3; border: 1px solid #ffc9d3; border-radius: 6px; padding: 10px 12px; }
  .hint { font-size: 13px; color: #7a5b00; background: #fff8e1; border: 1px solid #f5dd9c; border-radius: 6px; padding: 10px 12px; }
  .foot { margin-top: 32px; font-size: 12px; color: var(--muted); }
  .card { border: 1px solid var(--line); border-radius: 8px; padding: 18px 20px; margin: 16px 0; }
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  th, td { text-align: left; padding: 8px 4px; border-bottom: 1px solid var(--line); }
  th { color: var(--muted); font-weight: 500; }
  .center { max-width: 560px; margin: 10vh auto; padding: 0 20px; }
  .actions { display: flex; gap: 10px; flex-wrap: wrap; margin-top: 12px; }
`;

function layout(lang: Lang, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body>${body}</body></html>`;
}

function recurringLabel(lang: Lang, price: Price): string {
  const w = WORDS[lang];
  if (!price.recurring) return '';
  return price.recurring.interval === 'month' && price.recurring.interval_count === 1
    ? w.perMonth
    : w.perInterval(price.recurring.interval);
}

export interface CheckoutPageInput {
  session: CheckoutSession;
  business: string;
  lang: Lang;
  error?: string | null;
  values?: { email?: string; name?: string; expiry?: string };
  email: string | null;
  /** where the card form posts */
  action: string;
}

export function checkoutPage({
  session,
  business,
  lang,
  error,
  values,
  email,
  action,
}: CheckoutPageInput): string {
  const w = WORDS[lang];
  const first = session._line_items[0];
  const subscription = session.mode === 'subscription';
  const heading = subscription ? w.subscribeTo(first.description) : w.payBusiness(business);
  const period = subscription ? `<small>${esc(recurringLabel(lang, first.price))}</small>` : '';
  const items = session._line_items
    .map(
      (
        li,
      ) => `<li><div><div class="item-name">${esc(li.description)}</div><div class="muted">${esc(li.quantity > 1 ? w.qty(li.quantity) : subscription ? w.billedMonthly : w.qty(1))}</div></div>
<div>${esc(formatMoney(li.amount_total, li.currency))}</div></li>`,
    )
    .join('');
  const back = session.cancel_url
    ? `<a href="${esc(session.cancel_url)}" aria-label="${esc(w.back)}">← ${esc(business)}</a>`
    : `<span>${esc(business)}</span>`;
  const emailField = email
    ? `<label>${esc(w.email)}<input name="email" type="email" value="${esc(email)}" readonly></label>`
    : `<label>${esc(w.email)}<input name="email" type="email" autocomplete="email" required value="${esc(values?.email ?? '')}"></label>`;
  const body = `<div class="wrap">
<section class="summary" aria-label="${esc(heading)}">
  <div class="top">${back}<span class="badge">${esc(w.testMode)}</span></div>
  <h1>${esc(heading)}</h1>
  <p class="big">${esc(formatMoney(session.amount_total, session.currency))}${period}</p>
  <ul class="items">${items}</ul>
  <div class="total"><span>${esc(w.totalDueToday)}</span><span>${esc(formatMoney(session.amount_total, session.currency))}</span></div>
</section>
<main class="pane">
  <form method="post" action="${esc(action)}" novalidate>
    <h2>${esc(w.contact)}</h2>
    ${emailField}
    <h2>${esc(w.paymentMethod)}</h2>
    <label>${esc(w.cardNumber)}<input name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required${error ? ' aria-invalid="true"' : ''}></label>
    <div class="row">
      <label>${esc(w.expiry)}<input name="exp" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required value="${esc(values?.expiry ?? '')}"></label>
      <label>${esc(w.cvc)}<input name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required></label>
    </div>
    <label>${esc(w.cardholder)}<input name="name" autocomplete="cc-name" value="${esc(values?.name ?? '')}"></label>
    ${error ? `<div class="error" role="alert">${esc(error)}</div>` : ''}
    <button type="submit">${esc(subscription ? w.subscribe : w.pay)}</button>
    <p class="hint">${esc(w.testCards)}</p>
  </form>
  <p class="foot">${esc(w.standIn)} · ${esc(session.id.slice(0, 18))}…</p>
</main>
</div>`;
  return layout(lang, heading, body);
}

export function authenticatePage(
  session: CheckoutSession,
  business: string,
  lang: Lang,
  action: string,
): string {
  const w = WORDS[lang];
  const body = `<main class="center">
  <p><span class="badge">${esc(w.testMode)}</span></p>
  <h1 class="big" style="font-size:24px">${esc(w.authTitle)}</h1>
  <p>${esc(w.authText(formatMoney(session.amount_total, session.currency), business))}</p>
  <form method="post" action="${esc(action)}" class="actions">
    <button type="submit" name="result" value="complete">${esc(w.complete)}</button>
    <button type="submit" name="result" value="fail" class="secondary">${esc(w.failAuth)}</button>
  </form>
</main>`;
  return layout(lang, w.authTitle, body);
}

export function noticePage(
  lang: Lang,
  kind: 'expired' | 'completed' | 'notFound',
  link: string | null,
): string {
  const w = WORDS[lang];
  const [title, text] =
    kind === 'expired'
      ? [w.expired, w.expiredText]
      : kind === 'completed'
        ? [w.completed, w.completedText]
        : [w.notFound, w.notFoundText];
  const action = link ? `<p><a class="button" href="${esc(link)}">${esc(w.continue)}</a></p>` : '';
  return layout(
    lang,
    title,
    `<main class="center"><h1 class="big" style="font-size:24px">${esc(title)}</h1><p>${esc(text)}</p>${action}</main>`,
  );
}

export interface PortalPageInput {
  lang: Lang;
  business: string;
  base: string;
  portalId: string;
  returnUrl: string | null;
  customer: Customer;
  subscriptions: Subscription[];
  products: Record<string, Product>;
  invoices: Invoice[];
  confirmCancel?: string | null;
}

const formatDate = (lang: Lang, seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString(lang === 'el' ? 'el-GR' : 'en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export function portalPage(p: PortalPageInput): string {
  const w = WORDS[p.lang];
  const here = `${p.base}/portal/${p.portalId}`;
  const plans = p.subscriptions
    .map((sub) => {
      const item = sub.items.data[0];
      const product = p.products[item.price.product];
      const end = formatDate(p.lang, item.current_period_end);
      const state =
        sub.status === 'past_due' ? w.pastDue : sub.cancel_at_period_end ? w.cancelsOn(end) : w.renewsOn(end);
      const confirming = p.confirmCancel === sub.id;
      const action = confirming
        ? `<div class="card" role="region" aria-label="${esc(w.confirmCancel)}"><h2>${esc(w.confirmCancel)}</h2><p>${esc(w.confirmCancelText(end))}</p>
<form method="post" action="${esc(here)}/subscriptions/${esc(sub.id)}/cancel" class="actions"><button type="submit" class="danger">${esc(w.cancelPlan)}</button>
<a class="button secondary" href="${esc(here)}">${esc(w.goBack)}</a></form></div>`
        : sub.cancel_at_period_end
          ? `<form method="post" action="${esc(here)}/subscriptions/${esc(sub.id)}/renew" class="actions"><button type="submit">${esc(w.renewPlan)}</button></form>`
          : `<div class="actions"><a class="button secondary" href="${esc(here)}?cancel=${esc(sub.id)}">${esc(w.cancelPlan)}</a></div>`;
      const card = sub.default_payment_method?.split('_') ?? [];
      return `<div class="card"><div class="muted">${esc(w.currentPlan)}</div>
<p class="big" style="font-size:22px">${esc(product?.name ?? '')} <small>${esc(formatMoney(item.price.unit_amount * item.quantity, item.price.currency))} ${esc(recurringLabel(p.lang, item.price))}</small></p>
<p>${esc(state)}</p>${card.length === 3 ? `<p class="muted">${esc(w.card(card[1], card[2]))}</p>` : ''}${action}</div>`;
    })
    .join('');
  const rows = p.invoices
    .map(
      (
        inv,
      ) => `<tr><td>${esc(formatDate(p.lang, inv.created))}</td><td>${esc(formatMoney(inv.total, inv.currency))}</td>
<td>${esc(inv.status === 'paid' ? w.paid : inv.status === 'void' ? w.void : w.open)}</td><td>${esc(inv.lines.data[0]?.description ?? '')}</td></tr>`,
    )
    .join('');
  const back = p.returnUrl
    ? `<a href="${esc(p.returnUrl)}">← ${esc(w.returnTo(p.business))}</a>`
    : `<span>${esc(p.business)}</span>`;
  const body = `<main class="center" style="max-width:760px">
  <div class="top">${back}<span class="badge">${esc(w.testMode)}</span></div>
  <h1 class="big" style="font-size:26px">${esc(w.portalTitle)}</h1>
  ${plans || `<p>${esc(w.noPlan)}</p>`}
  <h2>${esc(w.billingInfo)}</h2>
  <p>${esc(p.customer.name ?? '')}${p.customer.name ? '<br>' : ''}${esc(p.customer.email ?? '')}</p>
  <h2>${esc(w.invoiceHistory)}</h2>
  ${rows ? `<table><thead><tr><th>${esc(w.date)}</th><th>${esc(w.amount)}</th><th>${esc(w.status)}</th><th>${esc(w.invoice)}</th></tr></thead><tbody>${rows}</tbody></table>` : `<p class="muted">${esc(w.noInvoices)}</p>`}
  <p class="foot">${esc(w.standIn)}</p>
</main>`;
  return layout(p.lang, w.portalTitle, body);
}

export function invoicePage(lang: Lang, inv: Invoice, business: string): string {
  const w = WORDS[lang];
  const lines = inv.lines.data
    .map(
      (l) =>
        `<tr><td>${esc(l.description)}</td><td>${esc(formatDate(lang, l.period.start))} – ${esc(formatDate(lang, l.period.end))}</td><td>${esc(formatMoney(l.amount, l.currency))}</td></tr>`,
    )
    .join('');
  const body = `<main class="center" style="max-width:760px"><div class="top"><span>${esc(business)}</span><span class="badge">${esc(w.testMode)}</span></div>
<h1 class="big" style="font-size:24px">${esc(w.invoice)} ${esc(inv.number)}</h1>
<p>${esc(inv.status === 'paid' ? w.paid : w.open)} · ${esc(formatMoney(inv.total, inv.currency))}</p>
<table><thead><tr><th>${esc(w.invoice)}</th><th>${esc(w.period)}</th><th>${esc(w.amount)}</th></tr></thead><tbody>${lines}</tbody></table></main>`;
  return layout(lang, `${w.invoice} ${inv.number}`, body);
}
