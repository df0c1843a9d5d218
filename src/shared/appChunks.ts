/**
 * How the code is split. The app (the shell and the page view) is a chunk that src/app/main.tsx
 * fetches once the page has been painted; the server links its stylesheet, never its script.
 * React and the router, which every screen uses, are a chunk of their own. The light blocks
 * (text, cards, FAQ…) travel together as one chunk with one stylesheet: a few requests, not one
 * per block, on a phone's slow round trips. The interactive blocks (and the status page's check and the upload page's list) carry most of the
 * blocks' code and few pages show them, and the fees, lenders and grievance contact blocks are on
 * one or two pages each: each of these stays a chunk of its own, fetched only where shown, so no
 * other page pays for it.
 */
export const LIGHT_BLOCKS_CHUNK = 'blocks';
export const LIGHT_BLOCK_MODULE =
  /[\\/]src[\\/]blocks[\\/](?!Eligibility|EnquiryForm|EmiCalculator|StatusCheck|DocumentUpload|Fees|Lenders|GrievanceContact)\w+Block[\\/]/;
/**
 * The helpers the interactive blocks share (rupees written out, answers kept in the address)
 * travel as one small chunk: split by which block uses which, they would be two requests on a
 * checker's page, each with its headers.
 */
export const INTERACTIVE_HELPERS_CHUNK = 'interactive';
export const INTERACTIVE_HELPER_MODULE = /[\\/]src[\\/](lib[\\/]formatRupees|blocks[\\/]shared[\\/]useAnswersInAddress)\.ts$/;
export const FRAMEWORK_MODULE =
  /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|cookie|set-cookie-parser)[\\/]/;
export const APP_MODULE = 'src/app/startApp.tsx';
