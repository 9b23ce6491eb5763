import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { parseStorageUrl } from './url';

describe('STORAGE_URL', () => {
  it('reads the bucket, endpoint and region', () => {
    expect(parseStorageUrl('s3://uploads?endpoint=http://127.0.0.1:9000&region=us-east-1')).toEqual({
      bucket: 'uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
    });
    expect(parseStorageUrl('s3://my.uploads-1')).toEqual({
      bucket: 'my.uploads-1',
      endpoint: undefined,
      region: undefined,
    });
  });

  it('is optional: unset or empty keeps the files in the database', () => {
    expect(loadConfig({}).storage).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: '' }).storage).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: 's3://uploads?region=eu-west-1' }).storage).toEqual({
      bucket: 'uploads',
      endpoint: undefined,
      region: 'eu-west-1',
    });
  });

  it.each([
    ['uploads', /STORAGE_URL: is not a URL/],
    ['https://uploads.example.com', /STORAGE_URL: must start with s3:\/\//],
    ['s3://key:secret@uploads', /must not hold credentials: set AWS_ACCESS_KEY_ID/],
    ['s3://Up_Loads', /bucket "Up_Loads" is not a valid name/],
    ['s3://uploads/some/prefix', /must be only a bucket and options/],
    ['s3://uploads:9000', /must be only a bucket and options/],
    ['s3://uploads?endpiont=http://host:9000', /unknown option "endpiont"/],
    ['s3://uploads?endpoint=host:9000', /endpoint "host:9000" must be an http:\/\/ or https:\/\/ URL/],
    ['s3://uploads?endpoint=', /endpoint "" must be an http/],
    ['s3://uploads?region=US%20East', /region "US East" is not valid/],
  ])('refuses %s at start-up with a clear message', (value, message) => {
    expect(() => loadConfig({ STORAGE_URL: value })).toThrow(/^Invalid configuration:\n {2}STORAGE_URL: /);
    expect(() => loadConfig({ STORAGE_URL: value })).toThrow(message);
  });
});
