// Validates Kubernetes objects offline against the OpenAPI schemas shipped by kubernetes-models
// (core API) and its CRD packages (External Secrets, KEDA); the MongoDB Community Operator has no
// such package, so MongoDBCommunity is checked against the subset of its CRD schema written below,
// and so are cert-manager's Issuer and Certificate (the fields we use).
// Runs as a child process (the model packages are ES modules, which jest's CommonJS runtime does
// not load): node validate-objects.mjs <objects.json>  →  JSON [{ object, errors: [..] }] on stdout.
import fs from 'node:fs';

const CRD_PACKAGES = {
  'external-secrets.io': '@kubernetes-models/external-secrets',
  'keda.sh': '@kubernetes-models/keda',
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
};

function modelModule(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  if (!group) return `kubernetes-models/${version}/${kind}`;
  if (CRD_PACKAGES[group]) return `${CRD_PACKAGES[group]}/${group}/${version}/${kind}`;
  return `kubernetes-models/${group}/${version}/${kind}`;
}

// --- MongoDBCommunity (mongodbcommunity.mongodb.com/v1), from the operator's CRD: the fields we use,
// their types and required keys; unknown keys of spec, users and roles are errors.
const str = { type: 'string' };
const secretRef = { type: 'object', required: ['name'], properties: { name: str, key: str }, closed: true };
const MONGODB_COMMUNITY = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    metadata: { type: 'object', required: ['name'] },
    spec: {
      type: 'object',
      required: ['security', 'type', 'users'],
      closed: true,
      properties: {
        members: { type: 'integer', minimum: 1 },
        arbiters: { type: 'integer', minimum: 0 },
        type: { type: 'string', enum: ['ReplicaSet'] },
        version: { type: 'string', pattern: /^\d+\.\d+\.\d+$/ },
        featureCompatibilityVersion: str,
        replicaSetHorizons: { type: 'array' },
        security: {
          type: 'object',
          closed: true,
          properties: {
            authentication: {
              type: 'object',
              required: ['modes'],
              properties: {
                modes: { type: 'array', items: { type: 'string', enum: ['SCRAM', 'SCRAM-SHA-256', 'SCRAM-SHA-1', 'X509'] } },
                ignoreUnknownUsers: { type: 'boolean' },
                agentMode: str,
                agentCertificateSecretRef: secretRef,
              },
            },
            tls: {
              type: 'object',
              closed: true,
              properties: {
                enabled: { type: 'boolean' },
                optional: { type: 'boolean' },
                certificateKeySecretRef: secretRef,
                caCertificateSecretRef: secretRef,
                caConfigMapRef: secretRef,
              },
            },
            roles: { type: 'array' },
          },
        },
        users: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'db', 'roles', 'scramCredentialsSecretName'],
            closed: true,
            properties: {
              name: str,
              db: str,
              passwordSecretRef: secretRef,
              roles: {
                type: 'array',
                items: { type: 'object', required: ['name', 'db'], properties: { name: str, db: str }, closed: true },
              },
              scramCredentialsSecretName: { type: 'string', pattern: /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/ },
              connectionStringSecretName: str,
              connectionStringSecretNamespace: str,
              connectionStringSecretAnnotations: { type: 'object' },
              additionalConnectionStringConfig: { type: 'object' },
            },
          },
        },
        statefulSet: { type: 'object', required: ['spec'], properties: { spec: { type: 'object' }, metadata: { type: 'object' } } },
        additionalMongodConfig: { type: 'object' },
        additionalConnectionStringConfig: { type: 'object' },
        agent: { type: 'object' },
        automationConfig: { type: 'object' },
        memberConfig: { type: 'array' },
        prometheus: { type: 'object' },
        mongodbSpec: { type: 'object' },
      },
    },
  },
};

// --- cert-manager.io/v1 Issuer and Certificate, from cert-manager's CRDs: the fields we use.
const issuerRef = {
  type: 'object',
  required: ['name'],
  closed: true,
  properties: { name: str, kind: { type: 'string', enum: ['Issuer', 'ClusterIssuer'] }, group: str },
};
const ISSUER = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    metadata: { type: 'object', required: ['name'] },
    spec: {
      type: 'object',
      closed: true,
      properties: {
        selfSigned: { type: 'object', closed: true, properties: { crlDistributionPoints: { type: 'array' } } },
        ca: {
          type: 'object',
          required: ['secretName'],
          closed: true,
          properties: { secretName: str, crlDistributionPoints: { type: 'array' } },
        },
        acme: { type: 'object' },
        vault: { type: 'object' },
      },
    },
  },
};
const DURATION = /^(\d+h)?(\d+m)?(\d+s)?$/;
const CERTIFICATE = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    metadata: { type: 'object', required: ['name'] },
    spec: {
      type: 'object',
      required: ['secretName', 'issuerRef'],
      closed: true,
      properties: {
        secretName: str,
        issuerRef,
        isCA: { type: 'boolean' },
        commonName: str,
        dnsNames: { type: 'array', items: str },
        ipAddresses: { type: 'array', items: str },
        duration: { type: 'string', pattern: DURATION },
        renewBefore: { type: 'string', pattern: DURATION },
        usages: {
          type: 'array',
          items: {
            type: 'string',
            enum: [
              'signing',
              'digital signature',
              'content commitment',
              'key encipherment',
              'key agreement',
              'data encipherment',
              'cert sign',
              'crl sign',
              'encipher only',
              'decipher only',
              'any',
              'server auth',
              'client auth',
              'code signing',
              'email protection',
              's/mime',
              'ipsec end system',
              'ipsec tunnel',
              'ipsec user',
              'timestamping',
              'ocsp signing',
              'microsoft sgc',
              'netscape sgc',
            ],
          },
        },
        privateKey: {
          type: 'object',
          closed: true,
          properties: {
            algorithm: { type: 'string', enum: ['RSA', 'ECDSA', 'Ed25519'] },
            size: { type: 'integer' },
            encoding: { type: 'string', enum: ['PKCS1', 'PKCS8'] },
            rotationPolicy: { type: 'string', enum: ['Never', 'Always'] },
          },
        },
        secretTemplate: { type: 'object' },
      },
    },
  },
};

function typeOf(v) {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function check(schema, value, at, errors) {
  const t = typeOf(value);
  if (schema.type && t !== schema.type && !(schema.type === 'number' && t === 'integer')) {
    errors.push(`${at || '/'} must be ${schema.type}`);
    return;
  }
  if (schema.enum && !schema.enum.includes(value)) errors.push(`${at} must be one of ${schema.enum.join(', ')}`);
  if (schema.pattern && !schema.pattern.test(value)) errors.push(`${at} must match ${schema.pattern}`);
  if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${at} must be >= ${schema.minimum}`);
  if (t === 'object') {
    for (const r of schema.required ?? []) if (value[r] === undefined) errors.push(`${at}/${r} is required`);
    for (const [k, v] of Object.entries(value)) {
      const sub = schema.properties?.[k];
      if (sub) check(sub, v, `${at}/${k}`, errors);
      else if (schema.closed) errors.push(`${at}/${k} is not a field of the CRD`);
    }
  }
  if (t === 'array' && schema.items) value.forEach((item, i) => check(schema.items, item, `${at}/${i}`, errors));
}

const checked = (schema) => (o) => {
  const errors = [];
  check(schema, o, '', errors);
  return errors;
};

const CUSTOM = {
  'cert-manager.io/v1/Issuer': checked(ISSUER),
  'cert-manager.io/v1/Certificate': checked(CERTIFICATE),
  'mongodbcommunity.mongodb.com/v1/MongoDBCommunity': (o) => {
    const errors = [];
    check(MONGODB_COMMUNITY, o, '', errors);
    return errors;
  },
};

export async function validateObject(o) {
  if (!o || typeof o.apiVersion !== 'string' || typeof o.kind !== 'string') return ['apiVersion and kind are required'];
  const custom = CUSTOM[`${o.apiVersion}/${o.kind}`];
  if (custom) return custom(o);
  let mod;
  try {
    mod = await import(modelModule(o.apiVersion, o.kind));
  } catch {
    return [`no schema for ${o.apiVersion} ${o.kind} (unknown kind, or its CRD package is missing)`];
  }
  const Model = mod[o.kind];
  try {
    new Model(o).validate();
    return [];
  } catch (err) {
    const list = err.errors?.map(
      (e) => `${e.instancePath || '/'} ${e.message}${e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`,
    );
    return list?.length ? list : [String(err.message ?? err)];
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const objects = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const results = [];
  for (const o of objects) results.push({ object: `${o.kind}/${o.metadata?.name}`, errors: await validateObject(o) });
  process.stdout.write(JSON.stringify(results));
}
