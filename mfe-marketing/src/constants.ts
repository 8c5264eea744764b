/** The marketing pages' constants, named once. */

/** The hero's annotation: a green mark under the key words, drawn in over 1000 ms. */
export const HERO_ANNOTATION = { paddingPx: 10, durationMs: 1000 } as const;

/** Sizes of the images, set on each <img> so the page does not shift while they load. */
export const IMAGE_SIZES = {
  partnerLogo: { width: 400, height: 200 },
  founderPortrait: { width: 240, height: 240 },
} as const;
