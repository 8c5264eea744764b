// The request id both servers (the user service and the site's server) keep from a caller's
// X-Request-Id, and answer with. Nothing here imports anything.

/** A caller's X-Request-Id is kept when it is this short and plain (letters, digits, `_ - =`); otherwise one is made. */
export const REQUEST_ID_MAX_LENGTH = 64;
