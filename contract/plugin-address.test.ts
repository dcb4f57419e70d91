/** What a production service refuses as a plugin address: this machine, private and link-local networks. */
import { describe, expect, it } from 'vitest';
import { isLocalAddress } from './plugin.ts';

describe('isLocalAddress', () => {
  it('catches loopback, private, link-local and local names in every spelling URL accepts', () => {
    for (const address of [
      'https://169.254.169.254/latest/meta-data',
      'https://2852039166/',
      'https://0xA9FEA9FE/',
      'https://017700000001/',
      'https://127.1/',
      'https://0.0.0.0/',
      'https://10.0.0.1/',
      'https://100.64.0.1/',
      'https://172.16.0.1/',
      'https://172.31.255.255/',
      'https://192.168.0.1/',
      'https://224.0.0.1/',
      'https://[::1]/',
      'https://[0:0:0:0:0:0:0:1]/',
      'https://[::]/',
      'https://[::ffff:169.254.169.254]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[fc00::1]/',
      'https://[fd12:3456::1]/',
      'https://[fe80::1]/',
      'https://[ff02::1]/',
      'https://localhost/',
      'https://LOCALHOST./',
      'https://api.localhost/',
      'https://printer.local/',
      'https://metadata.google.internal/',
      'https://router.home.arpa/',
      'https://metadata/',
    ]) {
      expect(isLocalAddress(address), address).toBe(true);
    }
  });

  it('lets public addresses through', () => {
    for (const address of [
      'https://plugin.example/capabilities',
      'https://8.8.8.8/',
      'https://172.32.0.1/',
      'https://169.255.0.1/',
      'https://[2606:4700::1111]/',
      'https://[::ffff:8.8.8.8]/',
      'https://localhost.example.com/',
    ]) {
      expect(isLocalAddress(address), address).toBe(false);
    }
  });
});
