// Customers: made by the API or by paying a subscription checkout without one; updates
// announce what changed (customer.updated with previous_attributes).
import { notFound } from '../errors.ts';
import { type Customer, type Metadata, newId, nowSeconds, type StripeStore } from '../store.ts';
import type { EventLog, RequestRef } from './events.ts';

export interface CustomerChange {
  email?: string;
  name?: string;
  metadata?: Metadata;
}

export class Customers {
  constructor(
    private readonly store: StripeStore,
    private readonly events: EventLog,
  ) {}

  create(input: {
    email?: string | null;
    name?: string | null;
    metadata?: Metadata;
    preferred_locales?: string[];
  }): Customer {
    const customer: Customer = {
      id: newId('cus', 14),
      object: 'customer',
      created: nowSeconds(),
      email: input.email ?? null,
      name: input.name ?? null,
      metadata: input.metadata ?? {},
      livemode: false,
      currency: null,
      description: null,
      invoice_prefix: newId('x', 8).slice(2).toUpperCase(),
      balance: 0,
      delinquent: false,
      preferred_locales: input.preferred_locales ?? [],
    };
    this.store.state.customers[customer.id] = customer;
    this.events.emit('customer.created', customer);
    return customer;
  }

  get(id: string, param = 'customer'): Customer {
    const c = this.store.state.customers[id];
    if (!c) throw notFound('customer', id, param);
    return c;
  }

  update(customer: Customer, change: CustomerChange, request?: RequestRef): Customer {
    const previous: Record<string, unknown> = {};
    if (change.email !== undefined && change.email !== customer.email) {
      previous.email = customer.email;
      customer.email = change.email || null;
    }
    if (change.name !== undefined && change.name !== customer.name) {
      previous.name = customer.name;
      customer.name = change.name || null;
    }
    if (change.metadata !== undefined) {
      previous.metadata = customer.metadata;
      customer.metadata = change.metadata;
    }
    if (Object.keys(previous).length) this.events.emit('customer.updated', customer, previous, request);
    this.store.changed();
    return customer;
  }
}
