// The pages every remote exposes, as lazy imports of their sources, keyed `<remote>/<module>`
// (mfe_account/PricingPage). Written at build time by webpack.config.cjs from the route table's pages
// (tools/remotePages.cjs), into exposedPages.js beside this file: a page a remote adds is in the
// single bundle without an edit here.
import type * as federation from '../../shell/src/remotes/federation';

export declare const exposedPages: Record<string, () => ReturnType<typeof federation.loadPage>>;
