/** The shell's constants (spec section 9), named once. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 400;
