import { mongooseOptions, redactUri } from './mongoose-options';

describe('mongooseOptions', () => {
  const settings = { uri: 'mongodb://u:p@127.0.0.1:27017/', dbName: 'x' };

  it('bounds start-up and leaves the pool to the driver by default', () => {
    const options = mongooseOptions(settings);
    expect(options).toMatchObject({ uri: settings.uri, dbName: 'x', serverSelectionTimeoutMS: 5000, retryAttempts: 1, autoIndex: false });
    expect(options).not.toHaveProperty('minPoolSize');
  });

  it('opens minPoolSize connections at start when asked', () => {
    expect(mongooseOptions({ ...settings, minPoolSize: 100 })).toMatchObject({ minPoolSize: 100 });
    expect(mongooseOptions({ ...settings, minPoolSize: 0 })).not.toHaveProperty('minPoolSize');
  });

  it('bounds the pool at maxPoolSize when asked', () => {
    expect(mongooseOptions({ ...settings, minPoolSize: 8, maxPoolSize: 24 })).toMatchObject({ minPoolSize: 8, maxPoolSize: 24 });
    expect(mongooseOptions(settings)).not.toHaveProperty('maxPoolSize');
  });

  it('redacts the credentials of a URI', () => {
    expect(redactUri(settings.uri)).toBe('mongodb://***@127.0.0.1:27017/');
  });
});
