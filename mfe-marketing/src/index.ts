// Standalone: this remote's pages inside a minimal local host (see shared-ui LocalHost).
import('./bootstrap');
