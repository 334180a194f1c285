// What a resource reads of records another resource keeps: an order made through the API names
// the catalog's variants in its lines and a customer as its buyer. The resource that keeps the
// records lends its reading when the store makes it (the catalog its variants, the customers
// theirs); a reader asks at request time, so the order of the resource list does not matter.
// Read-only: a resource changes its own records only.

/** A variant as an order's line takes it: its product, its SKU, its title as a line shows it, its price. */
export interface VariantFound {
  productId: string;
  variantId: string;
  sku?: string;
  /** The product's title, and the variant's option values after a dash (`Organic Cotton T-Shirt - White / S`). */
  title: string;
  price: string;
}

export interface CustomerFound {
  id: string;
  email?: string;
}

export interface CustomerReading {
  byId(id: string): CustomerFound | undefined;
  /** The customer with this email, ignoring case. */
  byEmail(email: string): CustomerFound | undefined;
}

const NO_CUSTOMERS: CustomerReading = { byId: () => undefined, byEmail: () => undefined };

export class Lookups {
  private variants: (id: string) => VariantFound | undefined = () => undefined;
  private customers: CustomerReading = NO_CUSTOMERS;

  lendVariants(read: (id: string) => VariantFound | undefined): void {
    this.variants = read;
  }

  lendCustomers(reading: CustomerReading): void {
    this.customers = reading;
  }

  variant(id: string): VariantFound | undefined {
    return this.variants(id);
  }

  customer(id: string): CustomerFound | undefined {
    return this.customers.byId(id);
  }

  customerByEmail(email: string): CustomerFound | undefined {
    return this.customers.byEmail(email);
  }
}
