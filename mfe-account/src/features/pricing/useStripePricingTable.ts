import { useCallback, useEffect, useState } from 'react';
import { STRIPE_PRICING_TABLE_SCRIPT, STRIPE_SCRIPT_TIMEOUT_MS } from '../../constants';

export const PRICING_TABLE_ELEMENT = 'stripe-pricing-table';

let loading: Promise<void> | null = null;

/** Stripe's pricing-table script, loaded once; a failure or a timeout lets a later call try again. */
function loadPricingTable(): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    if (customElements.get(PRICING_TABLE_ELEMENT)) return resolve();
    const script = document.createElement('script');
    script.src = STRIPE_PRICING_TABLE_SCRIPT;
    script.async = true;
    const fail = () => {
      script.remove();
      reject(new Error('the Stripe pricing table did not load'));
    };
    script.addEventListener('error', fail);
    const timer = setTimeout(fail, STRIPE_SCRIPT_TIMEOUT_MS);
    void customElements.whenDefined(PRICING_TABLE_ELEMENT).then(() => {
      clearTimeout(timer);
      resolve();
    });
    document.head.append(script);
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

export type ScriptState = 'off' | 'loading' | 'ready' | 'failed';

/** Loads the pricing table when Stripe is configured; 'failed' after an error or the time limit. */
export function useStripePricingTable(enabled: boolean) {
  const [state, setState] = useState<ScriptState>(enabled ? 'loading' : 'off');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setState('loading');
    loadPricingTable().then(
      () => current && setState('ready'),
      () => current && setState('failed'),
    );
    return () => {
      current = false;
    };
  }, [enabled, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
