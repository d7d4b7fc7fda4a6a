// The user a Dockerfile target runs as: its last USER along the chain of stages it is built FROM.
import fs from 'node:fs';

/** Stages of a Dockerfile: [{ name, from, users: [...] }]. */
export function stages(text) {
  const out = [];
  for (const raw of text.replace(/\\\n/g, ' ').split('\n')) {
    const line = raw.trim();
    const from = /^FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from) out.push({ name: from[2] ?? String(out.length), from: from[1], users: [] });
    const user = /^USER\s+(\S+)$/i.exec(line);
    if (user && out.length) out.at(-1).users.push(user[1]);
  }
  return out;
}

/** The USER of `target` (e.g. '1000:1000'), or null when none is declared in the file. */
export function userOf(text, target) {
  const all = stages(text);
  for (let s = all.find((x) => x.name === target); s; s = all.find((x) => x.name === s.from)) {
    if (s.users.length) return s.users.at(-1);
  }
  return null;
}

export const dockerfileUser = (file, target) => userOf(fs.readFileSync(file, 'utf8'), target);
