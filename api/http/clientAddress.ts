import { BlockList, isIP } from 'node:net';

/**
 * The proxies allowed to say who the client is: TRUST_PROXY, a comma-separated list of
 * addresses and ranges such as "127.0.0.1" or "10.0.0.0/8, ::1". Throws a message for the
 * operator on anything else, including the old form (a number of proxies).
 */
export function parseTrustedProxies(value: string | undefined): BlockList | undefined {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || (entries.length === 1 && ['0', 'false'].includes(entries[0]!.toLowerCase()))) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    if (!family || (bits !== undefined && (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)))) {
      throw new Error(
        `TRUST_PROXY must list the addresses of the proxies in front of the server, such as 127.0.0.1 or 10.0.0.0/8, not "${entry}".`,
      );
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return list;
}

/** "::ffff:1.2.3.4" is the IPv4 client 1.2.3.4 reaching an IPv6 socket. */
export function plainAddress(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
}

function isTrusted(address: string, trusted: BlockList): boolean {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client's address: the socket's, unless the socket is a trusted proxy. Then
 * X-Forwarded-For is read from the right, past every trusted proxy, and the first other
 * address is the client; what a client writes further left is never believed.
 */
export function clientAddress(socketAddress: string, forwardedFor: string | undefined, trusted: BlockList | undefined): string {
  let address = plainAddress(socketAddress);
  if (!trusted || !isTrusted(address, trusted)) return address;
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((hop) => plainAddress(hop.trim()))
    .filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index]!;
    if (!isIP(hop)) break;
    address = hop;
    if (!isTrusted(hop, trusted)) break;
  }
  return address;
}

/** Expands an IPv6 address to its eight groups. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array.from({ length: missing }, () => '0'), ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The key a per-address limit counts under. One IPv6 customer usually holds a whole /64
 * and can pick any address in it, so IPv6 clients are counted by their /64.
 */
export function rateKey(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${ipv6Groups(address.split('%')[0]!).slice(0, 4).join(':')}::/64`;
}
