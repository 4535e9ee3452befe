// Products and prices: the plans' monthly prices made at start (as an operator creates them
// in Stripe), and the ones the API or a checkout's price_data makes.
import { notFound, StripeApiError } from '../errors.ts';
import { type Metadata, newId, nowSeconds, type Price, type Product, type StripeStore } from '../store.ts';

export interface PlanPrice {
  plan: string;
  name: string;
  amountCents: number;
}

export interface RecurringInput {
  interval: 'day' | 'week' | 'month' | 'year';
  interval_count?: number;
}

export interface PriceInput {
  currency: string;
  unit_amount: number;
  product: string;
  recurring?: RecurringInput;
  nickname?: string | null;
  lookup_key?: string | null;
  metadata?: Metadata;
  active?: boolean;
}

export class Catalogue {
  constructor(private readonly store: StripeStore) {}

  private get s() {
    return this.store.state;
  }

  /** The plans' monthly prices (ids price_drape_<plan>_monthly), as an operator creates them in Stripe. */
  seedPlanPrices(plans: PlanPrice[]) {
    for (const p of plans) {
      const productId = `prod_drape_${p.plan}`;
      const priceId = `price_drape_${p.plan}_monthly`;
      const created = nowSeconds();
      this.s.products[productId] ??= {
        id: productId,
        object: 'product',
        created,
        name: `Drape ${p.name}`,
        description: `${p.name} plan, billed monthly`,
        active: true,
        metadata: { plan: p.plan },
        livemode: false,
      };
      const existing = this.s.prices[priceId];
      if (!existing || existing.unit_amount !== p.amountCents) {
        this.s.prices[priceId] = {
          id: priceId,
          object: 'price',
          created: existing?.created ?? created,
          active: true,
          currency: 'eur',
          unit_amount: p.amountCents,
          unit_amount_decimal: String(p.amountCents),
          product: productId,
          nickname: `${p.name} monthly`,
          lookup_key: `drape_${p.plan}_monthly`,
          recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
          type: 'recurring',
          billing_scheme: 'per_unit',
          tax_behavior: 'unspecified',
          metadata: { plan: p.plan },
          livemode: false,
        };
      }
    }
    this.store.changed();
  }

  createProduct(name: string, description: string | null, metadata: Metadata, active = true): Product {
    const product: Product = {
      id: newId('prod', 14),
      object: 'product',
      created: nowSeconds(),
      name,
      description,
      active,
      metadata,
      livemode: false,
    };
    this.s.products[product.id] = product;
    return product;
  }

  product(id: string, param = 'id'): Product {
    const p = this.s.products[id];
    if (!p) throw notFound('product', id, param);
    return p;
  }

  createPrice(input: PriceInput): Price {
    if (!this.s.products[input.product]) throw notFound('product', input.product, 'product');
    if (!Number.isInteger(input.unit_amount) || input.unit_amount < 0)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Invalid integer: unit_amount',
        'parameter_invalid_integer',
        'unit_amount',
      );
    const price: Price = {
      id: newId('price', 24),
      object: 'price',
      created: nowSeconds(),
      active: input.active ?? true,
      currency: input.currency.toLowerCase(),
      unit_amount: input.unit_amount,
      unit_amount_decimal: String(input.unit_amount),
      product: input.product,
      nickname: input.nickname ?? null,
      lookup_key: input.lookup_key ?? null,
      recurring: input.recurring
        ? {
            interval: input.recurring.interval,
            interval_count: input.recurring.interval_count ?? 1,
            usage_type: 'licensed',
          }
        : null,
      type: input.recurring ? 'recurring' : 'one_time',
      billing_scheme: 'per_unit',
      tax_behavior: 'unspecified',
      metadata: input.metadata ?? {},
      livemode: false,
    };
    this.s.prices[price.id] = price;
    return price;
  }

  price(id: string, param = 'price'): Price {
    const p = this.s.prices[id];
    if (!p) throw notFound('price', id, param);
    return p;
  }
}
