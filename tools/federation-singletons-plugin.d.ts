// Types of federation-singletons-plugin.js, for the TypeScript that imports it (its test).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export default function singletonsCheckedAtRelease(): ModuleFederationRuntimePlugin;
