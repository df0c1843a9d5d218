import autocannon from 'autocannon';

/**
 * The beacons' load, in a process of its own so that generating it does not delay the
 * measurement of the enquiries beside it: `tsx tests/bench/beaconLoad.ts URL RATE SECONDS`
 * (a RATE of 0 sends as fast as the server answers) prints autocannon's result as JSON.
 */
const [url, rate, seconds] = process.argv.slice(2);
const PHONE = 'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const PAGES = ['/', '/homeloan', '/pmegp', '/mudra', '/contactus', '/about', '/businessloan', '/cgtmse', '/clcss', '/mr', '/hi'];
const result = await autocannon({
  url: `${url}/api/visit`,
  connections: 50,
  ...(Number(rate) > 0 && { overallRate: Number(rate) }),
  duration: Number(seconds),
  method: 'POST',
  headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': PHONE },
  requests: PAGES.map((page, index) => ({
    body: JSON.stringify({ p: page, l: 'en', ...(index % 3 === 0 && { n: 1, s: 'google', m: 'cpc', c: 'diwali' }) }),
  })),
});
process.stdout.write(JSON.stringify(result));
