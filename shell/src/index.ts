// The asynchronous boundary lets Module Federation negotiate shared singletons before any
// React code runs.
// Named, so that the production server can preload it (tools/preload-hints.mjs).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
