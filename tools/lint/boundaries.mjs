// Who may import whom, by the tags of each project's package.json ("nx": { "tags": [...] }).
//   type:app      shell and the three remotes: libraries only, never another application
//   type:service  the NestJS services: the contracts and the server kit, never a UI library
//   layer:contracts  libs/contracts, the bottom: imports no project
//   layer:web-core   session, i18n, api-client: contracts and each other
//   layer:ui         ui, mf-runtime, review-ui: the layers below and each other
//   layer:server     server-kit: contracts only
// docs/teams.md explains how to place a new library.
export const DEP_CONSTRAINTS = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'scope:web', notDependOnLibsWithTags: ['scope:server'] },
  { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['layer:contracts', 'layer:server'] },
  { sourceTag: 'layer:contracts', onlyDependOnLibsWithTags: ['layer:contracts'] },
  { sourceTag: 'layer:web-core', onlyDependOnLibsWithTags: ['layer:contracts', 'layer:web-core'] },
  { sourceTag: 'layer:ui', onlyDependOnLibsWithTags: ['layer:contracts', 'layer:web-core', 'layer:ui'] },
  { sourceTag: 'layer:server', onlyDependOnLibsWithTags: ['layer:contracts', 'layer:server'] },
];

/** Workspace tooling that build configs, benches and test harnesses may import by path (not a project). */
export const TOOLING = '(^|/)(tools/rspack|infra/local/lib)/[\\w.-]+\\.mjs$';
