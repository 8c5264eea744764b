/** Who is signed in, as the session holds it (and a signed-in page drawn by the server hands it over). No DOM here: the server imports it. */
export interface SessionUser {
  uid: string;
  email: string | null;
  /** The name given at sign-up ("First & last name"), if any. */
  name: string | null;
}
