// Where the site's parts meet on one machine (the start, dev and test commands), unless the
// environment says otherwise: the site's address, the user service's port, the Firebase Auth
// emulator's port and its demo project. Nothing here imports anything: the browser's runtime
// configuration, the site's server, the service and the tests read it alike.

/** The shell's port, and so the site's local origin (the other apps' ports: shared-ui's site apps). */
export const LOCAL_SITE_PORT = 3000;
/** The user service's port (PORT for the service, SERVICE_USER_PORT for the start command). */
export const LOCAL_USER_SERVICE_PORT = 8787;
/** The Firebase Auth emulator's port (AUTH_EMULATOR_PORT; firebase.json says it to the emulator). */
export const LOCAL_AUTH_EMULATOR_PORT = 9099;

/** The site as the start command serves it on this machine. */
export const LOCAL_SITE_URL = `http://localhost:${LOCAL_SITE_PORT}`;
/** The user service as the browser reaches it on this machine. */
export const LOCAL_USER_SERVICE_URL = `http://localhost:${LOCAL_USER_SERVICE_PORT}`;

const LOCAL_FIREBASE_PROJECT = 'demo-assistive-site';

/**
 * The Firebase web app of local mode: a demo project (the emulator runs any project whose id starts
 * with `demo-` without a real one) and a key the emulator accepts.
 */
export const LOCAL_FIREBASE = {
  apiKey: 'demo-api-key',
  authDomain: `${LOCAL_FIREBASE_PROJECT}.firebaseapp.com`,
  projectId: LOCAL_FIREBASE_PROJECT,
} as const;
