import { describe, expect, it } from 'vitest';
import { IPV4_REFUSED, IPV6_REFUSED, isLoopback, refusedAddress } from './address-policy.ts';

describe('which addresses a webhook may reach', () => {
  it.each([
    // IPv4 special-purpose registry, first and last address of each range, and the multicast block
    ['0.0.0.0', 'unspecified'], ['0.255.255.255', 'unspecified'],
    ['10.0.0.0', 'private'], ['10.255.255.255', 'private'],
    ['100.64.0.0', 'shared'], ['100.127.255.255', 'shared'],
    ['127.0.0.1', 'loopback'], ['127.255.255.254', 'loopback'],
    ['169.254.0.0', 'link-local'], ['169.254.169.254', 'link-local'],
    ['172.16.0.0', 'private'], ['172.31.255.255', 'private'],
    ['192.0.0.0', 'IETF'], ['192.0.0.170', 'IETF'], ['192.0.0.255', 'IETF'],
    ['192.0.2.1', 'documentation'], ['198.51.100.7', 'documentation'], ['203.0.113.255', 'documentation'],
    ['192.31.196.1', 'AS112'], ['192.175.48.1', 'AS112'], ['192.52.193.1', 'AMT'], ['192.88.99.1', '6to4'],
    ['192.168.0.0', 'private'], ['192.168.255.255', 'private'],
    ['198.18.0.1', 'benchmarking'], ['198.19.255.255', 'benchmarking'],
    ['224.0.0.1', 'multicast'], ['239.255.255.255', 'multicast'],
    ['240.0.0.1', 'reserved'], ['255.255.255.254', 'reserved'], ['255.255.255.255', 'broadcast'],
    // IPv6 special-purpose registry and everything outside global unicast
    ['::', 'unspecified'], ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped'], ['::ffff:8.8.8.8', 'IPv4-mapped'], ['::ffff:a9fe:a9fe', 'IPv4-mapped'],
    ['::a9fe:a9fe', 'IPv4-compatible'], // ipaddr.js reads ::a.b.c.d as ::ffff:a.b.c.d; refused either way
    ['::127.0.0.1', 'IPv4-(mapped|compatible)'], ['::7f00:1', 'IPv4-compatible'],
    ['64:ff9b::a9fe:a9fe', 'NAT64'], ['64:ff9b::8.8.8.8', 'NAT64'], ['64:ff9b:1::a00:1', 'NAT64'],
    ['100::1', 'discard'], ['100:0:0:1::1', 'dummy'],
    ['2001::1', 'IETF'], ['2001:2::1', 'IETF'], ['2001:20::1', 'IETF'], ['2001:1ff:ffff::1', 'IETF'],
    ['2001:db8::1', 'documentation'], ['3fff::1', 'documentation'], ['3fff:fff::1', 'documentation'],
    ['2002:a9fe:a9fe::1', '6to4'], ['2620:4f:8000::1', 'AS112'], ['5f00::1', 'SRv6'],
    ['fc00::1', 'unique local'], ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'], ['febf::1', 'link-local'], ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'], ['ff0e::1', 'multicast'],
    ['4000::1', 'reserved'], ['8000::1', 'reserved'], ['e000::1', 'reserved'], ['1::1', 'reserved'],
    // Not canonical addresses at all
    ['127.1', 'not an IP'], ['0x7f.0.0.1', 'not an IP'], ['2130706433', 'not an IP'], ['0177.0.0.1', 'not an IP'],
    ['fe80::1%eth0', 'not an IP'], ['example.com', 'not an IP'], ['', 'not an IP'],
  ])('%s is refused (%s)', (address, why) => {
    expect(refusedAddress(address)).toMatch(new RegExp(why, 'i'));
  });

  it.each([
    '8.8.8.8', '1.1.1.1', '93.184.215.14', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0',
    '169.253.255.255', '192.0.1.255', '192.169.0.0', '198.17.255.255', '198.20.0.0', '223.255.255.255', '11.0.0.1',
    '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '2001:200::1', '2001:4860:4860::8888', '2003::1', '2620:4f:7fff::1',
  ])('%s is a public unicast address and allowed', (address) => {
    expect(refusedAddress(address)).toBeNull();
  });

  it('every range of the tables parses and refuses its own first address', () => {
    for (const range of [...IPV4_REFUSED, ...IPV6_REFUSED]) {
      const first = range.cidr.split('/')[0]!;
      expect(refusedAddress(first), range.cidr).not.toBeNull();
    }
  });

  it.each([
    ['127.0.0.1', true], ['127.8.9.10', true], ['::1', true], ['[::1]', true],
    ['10.0.0.1', false], ['::ffff:127.0.0.1', false], ['0.0.0.0', false], ['localhost', false],
  ])('%s is loopback: %s', (address, loopback) => {
    expect(isLoopback(address)).toBe(loopback);
  });
});
