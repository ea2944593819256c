/** METRICS_TOKEN and SHUTDOWN_GRACE_SECONDS are validated at start like every other setting (docs/operations/configuration.md). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHUTDOWN_GRACE_SECONDS, loadConfig } from '../../../src/server/config.js';

describe('operations configuration', () => {
  it('has metrics off and a 25 s shutdown grace by default', () => {
    const c = loadConfig({});
    expect(c.metricsToken).toBeUndefined();
    expect(DEFAULT_SHUTDOWN_GRACE_SECONDS).toBe(25);
    expect(c.shutdownGraceMs).toBe(25_000);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '' }).shutdownGraceMs).toBe(25_000);
  });

  it('takes a grace period in seconds, fractions allowed', () => {
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '5' }).shutdownGraceMs).toBe(5000);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '1.5' }).shutdownGraceMs).toBe(1500);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '600' }).shutdownGraceMs).toBe(600_000);
  });

  it('refuses a bad grace period with a message naming the variable and the value', () => {
    for (const v of ['0', '-3', '601', 'soon', '10s', 'Infinity']) {
      expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: v })).toThrow(`SHUTDOWN_GRACE_SECONDS: "${v}" is not a number of seconds from 1 to 600`);
    }
  });

  it('refuses a metrics token that is short or has spaces, naming the variable but never the secret', () => {
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    for (const v of ['short-one', 'x'.repeat(513), 'with space 0123456789', 'tab\there-0123456789', 'non-ascii-é-0123456789']) {
      let message = '';
      try {
        loadConfig({ METRICS_TOKEN: v });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/^Invalid configuration:\n {2}METRICS_TOKEN: must be/);
      expect(message).not.toContain(v.slice(0, 8));
    }
  });
});
