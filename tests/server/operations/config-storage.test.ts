/** UPLOAD_QUOTA_BYTES and the S3_* variables are validated at start like every other setting. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { DEFAULT_UPLOAD_QUOTA_BYTES } from '../../../src/shared/contract/files.js';

const S3 = { S3_BUCKET: 'b', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };

describe('storage configuration', () => {
  it('defaults to a 1 GiB quota on local disk', () => {
    const c = loadConfig({});
    expect(c.uploadQuotaBytes).toBe(DEFAULT_UPLOAD_QUOTA_BYTES);
    expect(DEFAULT_UPLOAD_QUOTA_BYTES).toBe(1024 ** 3);
    expect(c.s3).toBeUndefined();
    expect(loadConfig({ UPLOAD_QUOTA_BYTES: '5000' }).uploadQuotaBytes).toBe(5000);
  });

  it('refuses a bad quota, naming the variable', () => {
    for (const v of ['0', '-1', 'lots', '1.5']) expect(() => loadConfig({ UPLOAD_QUOTA_BYTES: v })).toThrow(/UPLOAD_QUOTA_BYTES/);
  });

  it('takes S3 settings all together; an endpoint is optional but must be a URL', () => {
    expect(loadConfig(S3).s3).toEqual({ endpoint: undefined, bucket: 'b', region: 'eu-west-1', accessKeyId: 'k', secretAccessKey: 's' });
    expect(loadConfig({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3?.endpoint).toBe('http://127.0.0.1:9000');
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_REGION[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...S3, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://x' })).toThrow(/S3_BUCKET/);
  });
});
