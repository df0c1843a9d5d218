/**
 * How the blocks' code is split. The light blocks (text, cards, FAQ…) travel together as one
 * chunk with one stylesheet: a few requests, not one per block, on a phone's slow round trips.
 * The three interactive blocks carry most of the code and few pages show them: each stays a
 * chunk of its own, fetched only where it is shown.
 */
export const LIGHT_BLOCKS_CHUNK = 'blocks';
export const LIGHT_BLOCK_MODULE = /[\\/]src[\\/]blocks[\\/](?!Eligibility|EnquiryForm|EmiCalculator)\w+Block[\\/]/;
