// Rendered Kubernetes objects are untyped JSON (validated separately against the OpenAPI schemas):
// the specs read their fields freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
