// A subscription's invoices: one per period (the first with the checkout, then one per
// renewal), with a line per item, paid when the card is charged.
import {
  type Customer,
  type Invoice,
  newId,
  nowSeconds,
  type StripeStore,
  type Subscription,
} from '../store.ts';
import { formatMoney } from './periods.ts';

export class Invoices {
  constructor(
    private readonly store: StripeStore,
    /** the stand-in's public address, for hosted_invoice_url */
    private readonly base: string,
  ) {}

  /** An open invoice for the subscription's items over [lineStart, lineEnd). */
  create(
    sub: Subscription,
    customer: Customer,
    reason: Invoice['billing_reason'],
    lineStart: number,
    lineEnd: number,
    created: number,
  ): Invoice {
    const id = newId('in', 24);
    const lines = sub.items.data.map((item) => {
      const product = this.store.state.products[item.price.product];
      const amount = item.price.unit_amount * item.quantity;
      return {
        id: newId('il', 24),
        object: 'line_item' as const,
        amount,
        currency: item.price.currency,
        description: `${item.quantity} × ${product?.name ?? 'Subscription'} (at ${formatMoney(item.price.unit_amount, item.price.currency)} / ${item.price.recurring?.interval ?? 'month'})`,
        invoice: id,
        livemode: false as const,
        metadata: {},
        period: { start: lineStart, end: lineEnd },
        pricing: {
          type: 'price_details' as const,
          price_details: { price: item.price.id, product: item.price.product },
          unit_amount_decimal: String(item.price.unit_amount),
        },
        quantity: item.quantity,
        subtotal: amount,
        subscription: sub.id,
        parent: {
          type: 'subscription_item_details' as const,
          subscription_item_details: {
            subscription: sub.id,
            subscription_item: item.id,
            proration: false as const,
            invoice_item: null,
          },
          invoice_item_details: null,
        },
      };
    });
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    const invoice: Invoice = {
      id,
      object: 'invoice',
      created,
      customer: customer.id,
      customer_email: customer.email,
      currency: sub.currency,
      status: 'open',
      billing_reason: reason,
      amount_due: total,
      amount_paid: 0,
      amount_remaining: total,
      subtotal: total,
      total,
      attempt_count: 0,
      attempted: false,
      number: this.store.nextInvoiceNumber(customer),
      period_start: reason === 'subscription_create' ? created : lineStart - (lineEnd - lineStart),
      period_end: reason === 'subscription_create' ? created : lineStart,
      lines: {
        object: 'list',
        data: lines,
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${id}/lines`,
      },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
        quote_details: null,
      },
      status_transitions: { paid_at: null, finalized_at: created },
      hosted_invoice_url: `${this.base}/invoices/${id}`,
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
    };
    this.store.state.invoices[id] = invoice;
    return invoice;
  }

  pay(invoice: Invoice) {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.attempt_count += 1;
    invoice.attempted = true;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = nowSeconds();
  }

  /** A failed collection attempt: the invoice stays open, retried in 3 days. */
  failAttempt(invoice: Invoice) {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    invoice.next_payment_attempt = nowSeconds() + 3 * 24 * 3600;
  }
}
