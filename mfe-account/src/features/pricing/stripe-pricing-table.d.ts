import type { DetailedHTMLProps, HTMLAttributes } from 'react';

// Stripe's pricing table custom element (https://docs.stripe.com/payments/checkout/pricing-table).
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'stripe-pricing-table': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        'pricing-table-id': string;
        'publishable-key': string;
        'client-reference-id'?: string;
        'customer-email'?: string;
      };
    }
  }
}
