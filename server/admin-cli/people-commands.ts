/** `orgs` and `import --file`: the orgs a plugin can be granted, and people and classes added from a file. */
import { readFileSync } from 'node:fs';
import { adminEndpoints as admin } from '../../contract/endpoints/admin.ts';
import { peopleImportBodySchema } from '../../contract/people-import.ts';
import { RequestFailed } from './admin-api.ts';
import type { Command } from './command.ts';
import { UsageError } from './command-line.ts';
import { importParts } from './import-parts.ts';
import { showList } from './print.ts';

export const listOrgs: Command = async ({ api, log }) => {
  const orgs = await api.call(admin.adminListOrgs);
  log(showList(orgs, (o) => `${o.orgId}  ${o.name}`, 'No orgs yet: import them (import --file).'));
};

export const importFile: Command = async ({ api, options, log }) => {
  const path = options.file;
  if (!path) throw new UsageError('import needs --file FILE');
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--file ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const checked = peopleImportBodySchema.safeParse(parsed);
  if (!checked.success) {
    const issues = checked.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new UsageError(`--file ${path} is not an import file:\n${issues.join('\n')}`);
  }
  const parts = importParts(checked.data);
  const totals: Record<string, number> = {};
  for (const [i, part] of parts.entries()) {
    try {
      const result = await api.call(admin.adminImport, { body: part });
      for (const [kind, n] of Object.entries(result)) totals[kind] = (totals[kind] ?? 0) + n;
    } catch (error) {
      if (error instanceof RequestFailed && parts.length > 1) {
        throw new Error(
          `Part ${i + 1} of ${parts.length} was refused (the parts before it were written; an import only adds, so run the whole file again once it is fixed):\n${error.message}`,
        );
      }
      throw error;
    }
  }
  log(
    `Imported ${Object.entries(totals)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', ')}${parts.length > 1 ? ` in ${parts.length} parts` : ''}.`,
  );
};
