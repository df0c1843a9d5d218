// The clock the in-process tests hand the server's modules; the built server's is moved through tests/helpers/serverClock.ts.
export { manualClock, type ManualClock } from '../../api/manualClock';
