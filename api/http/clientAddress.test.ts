import { describe, expect, test } from 'vitest';
import { clientAddress, parseTrustedProxies, rateKey } from './clientAddress';

describe('clientAddress', () => {
  const proxies = parseTrustedProxies('127.0.0.1, 10.0.0.0/8');

  test('without trusted proxies, the socket address, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.9', '1.2.3.4', undefined)).toBe('203.0.113.9');
  });

  test('a client that reaches the backend directly cannot choose its address', () => {
    expect(clientAddress('203.0.113.9', '1.2.3.4', proxies)).toBe('203.0.113.9');
  });

  test('behind trusted proxies, the first untrusted address from the right', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.7', proxies)).toBe('198.51.100.7');
    expect(clientAddress('127.0.0.1', '6.6.6.6, 198.51.100.7, 10.1.2.3', proxies)).toBe('198.51.100.7');
  });

  test('an IPv4 client on an IPv6 socket is written as IPv4', () => {
    expect(clientAddress('::ffff:127.0.0.1', '::ffff:198.51.100.7', proxies)).toBe('198.51.100.7');
  });

  test('garbage in the header stops the walk at the last real address', () => {
    expect(clientAddress('127.0.0.1', 'not-an-ip, 10.0.0.5', proxies)).toBe('10.0.0.5');
  });
});

describe('parseTrustedProxies', () => {
  test('reads addresses and ranges of both families', () => {
    const list = parseTrustedProxies('::1, 2001:db8::/32, 192.168.1.0/24')!;
    expect(list.check('::1', 'ipv6')).toBe(true);
    expect(list.check('2001:db8:ffff::1', 'ipv6')).toBe(true);
    expect(list.check('192.168.1.200', 'ipv4')).toBe(true);
    expect(list.check('192.168.2.1', 'ipv4')).toBe(false);
  });

  test('nothing, 0 or false trusts no one', () => {
    expect(parseTrustedProxies(undefined)).toBeUndefined();
    expect(parseTrustedProxies('')).toBeUndefined();
    expect(parseTrustedProxies('false')).toBeUndefined();
  });

  test.each(['1', 'true', 'proxy.example', '10.0.0.0/40'])('refuses %j with a message that shows the right form', (value) => {
    expect(() => parseTrustedProxies(value)).toThrow(/TRUST_PROXY must list the addresses of the proxies/);
  });
});

describe('rateKey', () => {
  test('counts IPv4 clients one by one', () => {
    expect(rateKey('198.51.100.7')).toBe('198.51.100.7');
  });

  test('counts IPv6 clients by their /64, however the address is written', () => {
    expect(rateKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(rateKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});
